import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  SHEET_MAX_ROWS,
  sheetImportMessages,
  type SheetFormat,
} from '../../../contract/sheet-import';
import { AppError } from '../../http/app-error';
import { unpackedSize, zipEntries } from '../../http/zip-entries';

// A CSV or XLSX file as rows of cells. Only the first worksheet of a workbook is read, and a file
// past the row cap is refused. A formula cell is never evaluated: it stays a
// formula, which the rows refuse naming the cell (decision 128).

export type Cell =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'date'; value: Date }
  | { kind: 'formula'; formula: string }
  | { kind: 'error'; error: string };

export interface SheetRow {
  /** The spreadsheet's row number: the header is row 1. */
  row: number;
  cells: Array<Cell | null>;
}

export interface Sheet {
  format: SheetFormat;
  headers: string[];
  rows: SheetRow[];
}

const fileRefused = (message: string, code = 'IMPORT.FILE_INVALID') =>
  new AppError({ code, message, field: 'file' });

const tooManyRows = () => fileRefused(sheetImportMessages.tooManyRows, 'IMPORT.TOO_MANY_ROWS');

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** The file's format by its bytes (never by its name or the type its sender claims). */
export function sheetFormatOf(bytes: Buffer): SheetFormat {
  if (bytes.length === 0) throw fileRefused(sheetImportMessages.empty);
  if (startsWith(bytes, ZIP)) return 'xlsx';
  if (startsWith(bytes, OLE)) throw fileRefused(sheetImportMessages.oldExcel);
  return 'csv';
}

const isBlank = (cells: Array<Cell | null>) =>
  cells.every((c) => c === null || (c.kind === 'text' && c.text.trim() === ''));

/** The header and the non-blank rows, refused when empty or header-only. */
function sheetOf(format: SheetFormat, all: SheetRow[]): Sheet {
  const [header, ...rest] = all.filter((r) => !isBlank(r.cells));
  if (!header) throw fileRefused(sheetImportMessages.empty);
  if (rest.length === 0) throw fileRefused(sheetImportMessages.onlyHeader);
  if (rest.length > SHEET_MAX_ROWS) throw tooManyRows();
  const headers = header.cells.map((c) => (c ? cellText(c) : '').trim());
  return { format, headers, rows: rest };
}

/** A cell as text, the way the file shows it. */
export function cellText(cell: Cell): string {
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'number':
      return String(cell.value);
    case 'date':
      return cell.value.toISOString().slice(0, 10);
    case 'formula':
      return `=${cell.formula}`;
    case 'error':
      return cell.error;
  }
}

/** The delimiter the header line uses: a comma, or a semicolon or tab where a comma is absent. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  if (first.includes(',')) return ',';
  if (first.includes(';')) return ';';
  return first.includes('\t') ? '\t' : ',';
}

export function readCsv(bytes: Buffer): Sheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fileRefused(sheetImportMessages.notCsvOrXlsx);
  }
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // Enough for the cap's rows with blank rows between; a longer file is refused below.
      to: SHEET_MAX_ROWS * 2 + 2,
    });
  } catch (err) {
    throw fileRefused(`The file could not be read as CSV: ${(err as Error).message}`);
  }
  const rows = records.map((cells, i) => ({
    row: i + 1,
    cells: cells.map((text): Cell => ({ kind: 'text', text })),
  }));
  return sheetOf('csv', rows);
}

/** An exceljs cell value as a Cell: rich text and links as their text, formulas kept apart. */
function cellOf(value: ExcelJS.CellValue): Cell | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (typeof value === 'number') return { kind: 'number', value };
  if (typeof value === 'boolean') return { kind: 'text', text: value ? 'TRUE' : 'FALSE' };
  if (value instanceof Date) return { kind: 'date', value };
  if ('formula' in value || 'sharedFormula' in value)
    return {
      kind: 'formula',
      formula: ('formula' in value ? value.formula : value.sharedFormula) ?? '',
    };
  if ('richText' in value)
    return { kind: 'text', text: value.richText.map((r) => r.text).join('') };
  if ('hyperlink' in value) return { kind: 'text', text: String(value.text) };
  if ('error' in value) return { kind: 'error', error: String(value.error) };
  return null;
}

/**
 * A workbook that unpacks to more than this is refused unopened: 2,000 rows of a template's
 * columns unpack to a few MB, and a zip bomb would otherwise fill the memory.
 */
const XLSX_MAX_UNPACKED = 32 * 1024 * 1024;

/**
 * The first worksheet's rows. The workbook is loaded whole (exceljs's `load`), within the
 * unpacked cap: its streaming reader failed on valid files whose sheet came before the
 * workbook's own part in the zip (read-sheet.test.ts).
 */
export async function readXlsx(bytes: Buffer): Promise<Sheet> {
  let worksheet: ExcelJS.Worksheet | undefined;
  try {
    if (unpackedSize(zipEntries(bytes)) > XLSX_MAX_UNPACKED)
      throw fileRefused(sheetImportMessages.tooLarge, 'IMPORT.FILE_TOO_LARGE');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    worksheet = workbook.worksheets[0];
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fileRefused(sheetImportMessages.notCsvOrXlsx);
  }
  if (!worksheet) throw fileRefused(sheetImportMessages.empty);
  if (worksheet.actualRowCount > SHEET_MAX_ROWS * 2 + 2) throw tooManyRows();
  const rows: SheetRow[] = [];
  worksheet.eachRow((row) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) =>
      cellOf(values[i + 1]),
    );
    rows.push({ row: row.number, cells });
  });
  return sheetOf('xlsx', rows);
}

export async function readSheet(bytes: Buffer): Promise<Sheet> {
  return sheetFormatOf(bytes) === 'xlsx' ? readXlsx(bytes) : readCsv(bytes);
}
