import { useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import type { SalesforceImportReport } from '../../contract/salesforce-import';
import { PageTitle } from '../components/page-title';
import { ImportReportView } from '../features/salesforce-import/import-report-view';
import { NotConnectedNotice } from '../features/salesforce-import/not-connected-notice';
import {
  useSalesforceImport,
  useSalesforceImportStatus,
} from '../features/salesforce-import/api/use-salesforce-import';

/** /import/salesforce (administrators): a dry run first, then the import when it is clean. */
export default function ImportSalesforcePage() {
  const run = useSalesforceImport();
  // Said on arrival rather than after a click; if the status cannot be read, running still says.
  const status = useSalesforceImportStatus();
  const notConnected = status.data?.connected === false;
  const [report, setReport] = useState<SalesforceImportReport | null>(null);
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  const start = (dryRun: boolean) =>
    run.mutate({ dryRun, accept: [...accepted] }, { onSuccess: (r) => setReport(r) });
  const unaccepted = report?.problems.filter((p) => !accepted.has(p.recordId)).length ?? 0;
  const canImport = report !== null && report.dryRun && unaccepted === 0;
  return (
    <section aria-labelledby="page-title">
      <PageTitle title="Import from Salesforce" />
      <p className="text-body-secondary">
        Reads Shareholder__c, Share__c and Share_Transaction__c from the connected Salesforce org
        and records them through the ledger’s rules, oldest first. Start with a dry run: nothing is
        written until it is clean, and importing again never creates anything twice.
      </p>
      {notConnected && <NotConnectedNotice />}
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="outline-primary"
          onClick={() => start(true)}
          disabled={run.isPending || notConnected}
        >
          Dry run
        </Button>
        <Button onClick={() => start(false)} disabled={run.isPending || !canImport}>
          Import
        </Button>
        {run.isPending && (
          <span role="status" className="align-self-center">
            <Spinner size="sm" className="me-2" aria-hidden />
            Reading Salesforce…
          </span>
        )}
      </div>
      {!canImport && !run.isPending && !notConnected && (
        <p className="small text-body-secondary mt-2">
          {report === null
            ? 'Import is enabled after a dry run with no problems (or with every problem skipped).'
            : !report.dryRun
              ? 'Run a dry run again to check before another import.'
              : `${unaccepted} problem(s) still stop the import.`}
        </p>
      )}
      {run.isError && (
        <Alert variant="danger" className="mt-3" role="alert">
          {run.error.message}
        </Alert>
      )}
      {report && (
        <ImportReportView
          report={report}
          accepted={accepted}
          onAccept={(id, yes) =>
            setAccepted((s) => {
              const next = new Set(s);
              if (yes) next.add(id);
              else next.delete(id);
              return next;
            })
          }
        />
      )}
    </section>
  );
}
