import type { SheetImportError } from '../../../contract/sheet-import';
import { fieldLabels, type SheetField } from './match-headers';
import type { Cell, SheetRow } from './read-sheet';

// One row's cells as the text of each field: a date cell or an Excel serial number in a date
// column as YYYY-MM-DD, a number in an amount column as its exact decimal text, and a formula or
// an error value refused naming the cell (formulas are never evaluated).

const DATE_FIELDS = new Set<SheetField>(['Date', 'ApprovalDate']);
const AMOUNT_FIELDS = new Set<SheetField>(['Shares', 'Cost', 'Consideration']);

/** The columns of a file: each column's field (null: not read) and header. */
export interface Columns {
  fields: ReadonlyArray<SheetField | null>;
  headers: readonly string[];
}

export interface RowValues {
  row: number;
  /** Each field's text, trimmed; a field with no column or an empty cell is absent. */
  values: Partial<Record<SheetField, string>>;
  errors: SheetImportError[];
}

/** "A", "B", ..., "AA": the spreadsheet's name for a column. */
export const columnLetter = (index: number): string => {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
};

/** Days since 1899-12-30 (Excel's 1900 date system, its leap-year bug included) as a date. */
export function excelSerialDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2958465) return null;
  const ms = Math.round(Math.floor(serial) * 86_400_000) + Date.UTC(1899, 11, 30);
  return new Date(ms).toISOString().slice(0, 10);
}

/** A number cell's exact decimal text, or null when a double cannot have held it exactly. */
function exactNumberText(value: number): string | null {
  const text = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return text.replace(/^-/, '').replace('.', '').replace(/^0+/, '').length > 15 ? null : text;
}

type Reading = { text: string } | { problem: string };

function readCell(cell: Cell, field: SheetField): Reading {
  switch (cell.kind) {
    case 'text':
      return { text: cell.text.trim() };
    case 'date':
      return { text: cell.value.toISOString().slice(0, 10) };
    case 'error':
      return { problem: `the cell holds the error ${cell.error}: enter a value instead.` };
    case 'formula':
      return {
        problem: `the cell holds a formula (=${cell.formula.slice(0, 40)}); formulas are not imported: enter the value itself.`,
      };
    case 'number': {
      if (DATE_FIELDS.has(field)) {
        const date = excelSerialDate(cell.value);
        return date ? { text: date } : { problem: 'enter a date such as 2026-01-31.' };
      }
      if (!AMOUNT_FIELDS.has(field)) return { text: String(cell.value) };
      const text = exactNumberText(cell.value);
      return text !== null
        ? { text }
        : { problem: 'must be a number with at most 2 decimals and 15 significant digits.' };
    }
  }
}

/** The text of each field of `row`, and the cells that cannot be read. */
export function rowValues(columns: Columns, row: SheetRow, letters: boolean): RowValues {
  const values: RowValues['values'] = {};
  const errors: SheetImportError[] = [];
  columns.fields.forEach((field, i) => {
    const cell = row.cells[i];
    if (field === null || !cell) return;
    const reading = readCell(cell, field);
    if ('problem' in reading) {
      const where = letters ? ` (cell ${columnLetter(i)}${row.row})` : '';
      errors.push({
        row: row.row,
        column: columns.headers[i] || fieldLabels[field],
        message: `${reading.problem}${where}`.replace(/\.( \(cell [A-Z]+\d+\))$/, '$1.'),
      });
    } else if (reading.text !== '') values[field] = reading.text;
  });
  return { row: row.row, values, errors };
}

/** The column a field was read from, as the file names it (its label when it has none). */
export const columnOf = (columns: Columns, field: SheetField): string => {
  const i = columns.fields.indexOf(field);
  return i >= 0 && columns.headers[i] ? columns.headers[i] : fieldLabels[field];
};

/** A row's cell errors, and its field errors but for a column whose cell is already refused. */
export function rowErrors(
  cells: readonly SheetImportError[],
  fields: readonly SheetImportError[],
): SheetImportError[] {
  const refused = new Set(cells.map((e) => e.column));
  return [...cells, ...fields.filter((e) => !refused.has(e.column))];
}
