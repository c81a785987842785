import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import {
  type SheetImportAnswer,
  type SheetImportError,
  type SheetImportKind,
} from '../../contract/sheet-import';
import { FormMessage } from '../components/form/form-message';
import { PageTitle } from '../components/page-title';
import { useSheetImport } from '../features/sheet-import/api/use-sheet-import';
import { SheetImportFormView } from '../features/sheet-import/sheet-import-form';
import { SheetImportPlan } from '../features/sheet-import/sheet-import-plan';
import { SheetImportOutcome, type Outcome } from '../features/sheet-import/sheet-import-outcome';
import { ApiError } from '../lib/api-client';

interface Preview {
  kind: SheetImportKind;
  file: File;
  answer: SheetImportAnswer;
}

const refusalOf = (e: unknown): Outcome => {
  if (!(e instanceof ApiError))
    return { kind: 'refused', message: 'Something went wrong. Nothing was imported.', errors: [] };
  const errors = (e.details?.errors ?? []) as SheetImportError[];
  return { kind: 'refused', message: e.message, errors };
};

/** /import/spreadsheet (administrators): a file previewed row by row, then imported at once. */
export default function ImportSheetPage() {
  const run = useSheetImport();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const reset = () => {
    setPreview(null);
    setOutcome(null);
  };
  const onPreview = (kind: SheetImportKind, file: File) => {
    setOutcome(null);
    run.mutate(
      { kind, file, commit: false },
      {
        onSuccess: (answer) => {
          // A file imported before: its receipt, and nothing to import again.
          if (answer.alreadyImported) return setOutcome({ kind: 'imported', answer });
          setPreview({ kind, file, answer });
          setOutcome({ kind: 'previewed' });
        },
        onError: (e) => setOutcome(refusalOf(e)),
      },
    );
  };
  const onImport = () => {
    if (!preview) return;
    run.mutate(
      { kind: preview.kind, file: preview.file, commit: true },
      {
        onSuccess: (answer) => {
          setPreview(null);
          setOutcome({ kind: 'imported', answer });
        },
        onError: (e) => setOutcome(refusalOf(e)),
      },
    );
  };
  const answer = preview?.answer;
  const clean = answer !== undefined && answer.errors.length === 0;
  return (
    <section aria-labelledby="page-title" className="import-sheet-page">
      <PageTitle title="Import from a spreadsheet" />
      <p className="text-body-secondary">
        Add holders, or opening positions and transactions, from a CSV or Excel file. The preview
        shows what each row will do and every error by row and column; nothing is written until you
        import, and then every row is written or none.
      </p>
      <SheetImportFormView pending={run.isPending} onPreview={onPreview} onChange={reset} />
      <FormMessage news={outcome}>
        <SheetImportOutcome outcome={outcome} answer={answer} kind={preview?.kind} />
      </FormMessage>
      {answer && (
        <>
          {clean && (
            <Button className="mb-3" onClick={onImport} disabled={run.isPending}>
              {run.isPending
                ? 'Importing…'
                : `Import ${answer.rows} ${answer.rows === 1 ? 'row' : 'rows'}`}
            </Button>
          )}
          <SheetImportPlan answer={answer} />
        </>
      )}
    </section>
  );
}
