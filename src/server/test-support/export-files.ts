// Reading an export back as its user would (issue 26): the CSV with csv-parse, the workbook with
// exceljs, and the request that fetches either.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { TestApp } from './test-app';

/** GET an export with the caller's headers; the body as bytes. */
export const getExport = (t: TestApp, url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });

/** The CSV's records (header first), each cell as its text. */
export function csvRecords(body: string): string[][] {
  const records: string[][] = parse(body);
  return records;
}

/** The workbook's first worksheet, read back with exceljs. */
export async function xlsxSheet(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no worksheet');
  return sheet;
}

/** Each row's values (1-based cells as exceljs has them, shifted to 0-based), header first. */
export function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const found: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[];
    found.push(
      Array.from({ length: sheet.columnCount }, (_, i) => {
        const v = values[i + 1];
        return v === undefined ? null : v;
      }),
    );
  });
  return found;
}
