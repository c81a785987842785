import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { OcfImportReport } from '../../contract/ocf-import';
import { PageTitle } from '../components/page-title';
import { useOcfImport } from '../features/ocf-import/api/use-ocf-import';
import { OcfImportForm } from '../features/ocf-import/ocf-import-form';
import { OcfImportReportView } from '../features/ocf-import/ocf-import-report-view';

/** /import/ocf (administrators): an Open Cap Format package, a dry run first, then the import. */
export default function ImportOcfPage() {
  const run = useOcfImport();
  const [files, setFiles] = useState<File[]>([]);
  const [report, setReport] = useState<OcfImportReport | null>(null);
  const dryRun = async (chosen: File[]) => {
    setReport(null);
    setFiles(chosen);
    setReport(await run.mutateAsync({ files: chosen, commit: false }));
  };
  const canImport =
    report !== null && report.mode === 'dry-run' && report.registryEmpty && !report.alreadyImported;
  const commit = () => run.mutate({ files, commit: true }, { onSuccess: (r) => setReport(r) });
  return (
    <section aria-labelledby="page-title">
      <PageTitle title="Import an OCF package" />
      <p className="text-body-secondary">
        Reads an Open Cap Format package (as Carta and other cap table tools export it) into this
        registry: its stakeholders, share classes, legend and stock transactions, through the
        ledger’s rules. The dry run shows what would be created and every object the registry cannot
        express; nothing is written until you import, and then all of it or nothing.
      </p>
      <OcfImportForm onDryRun={dryRun} pending={run.isPending} />
      {report && (
        <>
          <div className="mt-3 d-flex flex-wrap gap-2">
            <Button onClick={commit} disabled={!canImport || run.isPending}>
              Import
            </Button>
          </div>
          <OcfImportReportView report={report} />
        </>
      )}
      {run.isError && report !== null && (
        <Alert variant="danger" className="mt-3" role="alert">
          {run.error.message}
        </Alert>
      )}
    </section>
  );
}
