import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { SheetImportAnswer } from '../../contract/sheet-import';
import type { TestApp } from './test-app';

// The spreadsheet import as a browser sends it: one multipart/form-data file part.

export interface Upload {
  name: string;
  bytes: Buffer;
  contentType?: string;
}

/** A multipart/form-data body holding `files` (none, one or several). */
export function multipartBody(files: Upload[]): { body: Buffer; contentType: string } {
  const boundary = `----sheet${randomUUID().replace(/-/g, '')}`;
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A CSV file of these rows (each cell quoted as needed). */
export const csvFile = (rows: string[][], name = 'import.csv'): Upload => ({
  name,
  bytes: Buffer.from(
    rows
      .map((r) => r.map((c) => (/[",\n\r]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
      .join('\r\n') + '\r\n',
    'utf8',
  ),
  contentType: 'text/csv',
});

type XlsxCell = string | number | Date | { formula: string } | null;

/** An XLSX workbook with one worksheet of these rows. */
export async function xlsxFile(rows: XlsxCell[][], name = 'import.xlsx'): Promise<Upload> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return {
    name,
    bytes: Buffer.from(await workbook.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}

export function sheetImporter(t: TestApp) {
  return async (
    headers: Record<string, string>,
    query: { kind: string; commit?: boolean },
    files: Upload[],
  ) => {
    const { body, contentType } = multipartBody(files);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/imports?kind=${query.kind}${query.commit ? '&commit=true' : ''}`,
      headers: { ...headers, 'content-type': contentType },
      payload: body,
    });
    // An answer read where a refusal came back says which, rather than that a field is missing.
    const answer = () => {
      expect([200, 201], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
      return res.json<SheetImportAnswer>();
    };
    return { res, answer };
  };
}
