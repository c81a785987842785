import Table from 'react-bootstrap/Table';
import {
  sheetErrorText,
  type SheetImportAnswer,
  type SheetImportError,
} from '../../../contract/sheet-import';

/** Each row's errors, by spreadsheet row. */
function errorsByRow(errors: readonly SheetImportError[]): Map<number, SheetImportError[]> {
  const byRow = new Map<number, SheetImportError[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
  return byRow;
}

/** The problems of the file as a whole (its header row), above the rows. */
function HeaderProblems({ errors }: { errors: readonly SheetImportError[] }) {
  if (errors.length === 0) return null;
  return (
    <ul className="text-danger" aria-label="Problems with the header row">
      {errors.map((e) => (
        <li key={sheetErrorText(e)}>{sheetErrorText(e)}</li>
      ))}
    </ul>
  );
}

/** The columns read and those left out, in a sentence. */
function ColumnsRead({ columns }: { columns: SheetImportAnswer['columns'] }) {
  const ignored = columns.filter((c) => c.field === null && c.column !== '').map((c) => c.column);
  if (ignored.length === 0) return null;
  return <p className="small text-body-secondary">Columns not read: {ignored.join(', ')}.</p>;
}

/**
 * The preview: what each row will do, and each row's errors beside it (the row marked, not only
 * coloured). Row numbers are the spreadsheet's: the header is row 1.
 */
export function SheetImportPlan({ answer }: { answer: SheetImportAnswer }) {
  const byRow = errorsByRow(answer.errors);
  return (
    <>
      <HeaderProblems errors={byRow.get(1) ?? []} />
      <ColumnsRead columns={answer.columns} />
      {answer.steps.length > 0 && (
        <Table size="sm" className="sheet-import-plan align-top" aria-label="What each row will do">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">What it will do</th>
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {answer.steps.map((step) => {
              const errors = byRow.get(step.row) ?? [];
              return (
                <tr key={step.row} className={errors.length > 0 ? 'table-danger' : undefined}>
                  <th scope="row">{step.row}</th>
                  <td className="text-break">{step.action}</td>
                  <td className="text-break">
                    {errors.length === 0 ? (
                      <span className="text-success">OK</span>
                    ) : (
                      <ul className="list-unstyled mb-0">
                        {errors.map((e) => (
                          <li key={`${e.column}-${e.message}`}>
                            <strong>Error{e.column ? `, ${e.column}` : ''}:</strong> {e.message}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </>
  );
}
