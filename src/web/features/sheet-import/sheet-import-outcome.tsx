import Alert from 'react-bootstrap/Alert';
import {
  sheetErrorText,
  type SheetImportAnswer,
  type SheetImportError,
  type SheetImportKind,
} from '../../../contract/sheet-import';
import { KIND_WORDS } from './sheet-import-form';
import { SheetImportReceipt } from './sheet-import-receipt';

export type Outcome =
  | { kind: 'previewed' }
  | { kind: 'imported'; answer: SheetImportAnswer }
  | { kind: 'refused'; message: string; errors: SheetImportError[] };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The banner after a preview, an import or a refusal. */
export function SheetImportOutcome(props: {
  outcome: Outcome | null;
  answer: SheetImportAnswer | undefined;
  kind: SheetImportKind | undefined;
}) {
  const { outcome, answer } = props;
  if (outcome?.kind === 'imported') return <SheetImportReceipt answer={outcome.answer} />;
  if (outcome?.kind === 'refused')
    return (
      <Alert variant="danger">
        <p className="mb-1">{outcome.message}</p>
        {outcome.errors.length > 1 && (
          <ul className="mb-0">
            {outcome.errors.map((e) => (
              <li key={sheetErrorText(e)}>{sheetErrorText(e)}</li>
            ))}
          </ul>
        )}
      </Alert>
    );
  if (outcome?.kind !== 'previewed' || !answer || !props.kind) return null;
  const clean = answer.errors.length === 0;
  return (
    <Alert variant={clean ? 'success' : 'danger'} className="mt-3">
      {clean
        ? `${answer.fileName}: ${plural(answer.rows, 'row', 'rows')} of ` +
          `${KIND_WORDS[props.kind].toLowerCase()}, no errors. Nothing is written until you import.`
        : `${answer.fileName}: ${plural(answer.errors.length, 'error', 'errors')}. Nothing was ` +
          'written: fix the rows marked below and choose the file again.'}
    </Alert>
  );
}
