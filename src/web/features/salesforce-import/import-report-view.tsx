import { Alert, Form, Table } from 'react-bootstrap';
import type { SalesforceImportReport } from '../../../contract/salesforce-import';

const counts = (c: SalesforceImportReport['created']) =>
  `${c.holders} holders, ${c.certificates} certificates, ${c.operations} operations (${c.transactions} transactions)`;

interface Props {
  report: SalesforceImportReport;
  accepted: ReadonlySet<string>;
  onAccept: (recordId: string, accept: boolean) => void;
}

/** What a run read, creates (or would), found already imported, and every problem by record Id. */
export function ImportReportView({ report, accepted, onAccept }: Props) {
  const verb = report.dryRun ? 'Would create' : report.imported ? 'Created' : 'Would have created';
  return (
    <section aria-label="Import report" className="mt-3">
      {report.imported ? (
        <Alert variant="success" role="status">
          Imported. {verb}: {counts(report.created)}.
        </Alert>
      ) : (
        <Alert variant={report.problems.length === 0 ? 'info' : 'warning'} role="status">
          {report.dryRun ? 'Dry run: nothing was written.' : 'Not imported: nothing was written.'}{' '}
          {report.problems.length === 0
            ? 'No problems found.'
            : `${report.problems.length} problem(s) found.`}
        </Alert>
      )}
      <dl className="row small">
        <dt className="col-sm-3">Read from Salesforce</dt>
        <dd className="col-sm-9">
          {report.read.shareholders} Shareholder__c, {report.read.shares} Share__c,{' '}
          {report.read.transactions} Share_Transaction__c
        </dd>
        <dt className="col-sm-3">{verb}</dt>
        <dd className="col-sm-9">{counts(report.created)}</dd>
        <dt className="col-sm-3">Already imported</dt>
        <dd className="col-sm-9">{counts(report.alreadyImported)}</dd>
      </dl>
      {report.problems.length > 0 && (
        <Table responsive size="sm" className="align-middle">
          <caption>Problems, by Salesforce record. Tick one to skip its record.</caption>
          <thead>
            <tr>
              <th scope="col">Skip</th>
              <th scope="col">Problem</th>
              <th scope="col">Record</th>
              <th scope="col">What is wrong</th>
            </tr>
          </thead>
          <tbody>
            {report.problems.map((p) => (
              <tr key={`${p.kind}:${p.recordId}`}>
                <td>
                  <Form.Check
                    aria-label={`Skip ${p.recordId}`}
                    checked={accepted.has(p.recordId)}
                    onChange={(e) => onAccept(p.recordId, e.currentTarget.checked)}
                  />
                </td>
                <td>{p.kind}</td>
                <td>
                  <code>{p.objectName}</code> <code>{p.recordId}</code>
                </td>
                <td>{p.message}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
