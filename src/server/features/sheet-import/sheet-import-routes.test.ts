import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SHEET_MAX_BYTES, sheetImportMessages } from '../../../contract/sheet-import';
import {
  csvFile,
  multipartBody,
  sheetImporter,
  type Upload,
} from '../../test-support/sheet-import-client';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();
const importSheet = sheetImporter(t);

const bytes = (name: string, content: Buffer | string): Upload => ({
  name,
  bytes: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
});

const refusedWith = async (upload: Upload, status: number, code: string, message?: string) => {
  const { res } = await importSheet(s.as.admin, { kind: 'holders' }, [upload]);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ code, ...(message ? { message } : {}) });
};

describe('POST /api/v1/imports: who may', () => {
  it('is for administrators with a session: no session 401, a holder 403', async () => {
    const file = csvFile([['Name'], ['Zed']]);
    expect((await importSheet({}, { kind: 'holders' }, [file])).res.statusCode).toBe(401);
    expect((await importSheet(s.as.alice, { kind: 'holders' }, [file])).res.statusCode).toBe(403);
    const template = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/imports/templates/holders.csv', headers });
    expect((await template({})).statusCode).toBe(401);
    expect((await template(s.as.alice)).statusCode).toBe(403);
  });

  it('takes a cookie’s upload from the app’s own pages only, and on this route only', async () => {
    const { body, contentType } = multipartBody([csvFile([['Name'], ['Zed']])]);
    const post = (url: string, origin: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...s.as.admin, origin, 'content-type': contentType },
        payload: body,
      });
    expect((await post('/api/v1/imports?kind=holders', 'https://evil.example')).statusCode).toBe(
      403,
    );
    const elsewhere = await post('/api/v1/shareholders', t.config.publicUrl);
    expect(elsewhere.statusCode).toBe(415);
    expect((await post('/api/v1/imports?kind=holders', t.config.publicUrl)).statusCode).toBe(200);
  });

  it('refuses an unknown kind naming the field', async () => {
    const { res } = await importSheet(s.as.admin, { kind: 'pets' }, [csvFile([['Name'], ['Zed']])]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'HTTP.VALIDATION', field: 'kind' });
  });
});

describe('POST /api/v1/imports: hostile files answer 4xx, never 500', () => {
  it('refuses a body that is not a multipart file', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports?kind=holders',
      headers: { ...s.as.admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ file: 'Name\nZed' }),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ message: sheetImportMessages.notAFile });
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports?kind=holders',
      headers: { ...s.as.admin, 'content-type': 'text/csv' },
      payload: 'Name\nZed\n',
    });
    expect(csv.statusCode).toBe(415);
    const { body, contentType } = multipartBody([]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports?kind=holders',
      headers: { ...s.as.admin, 'content-type': contentType },
      payload: body,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'IMPORT.FILE_INVALID', field: 'file' });
  });

  it('refuses what is neither CSV nor XLSX, and an empty or header-only file', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00]);
    await refusedWith(
      bytes('a.csv', png),
      400,
      'IMPORT.FILE_INVALID',
      sheetImportMessages.notCsvOrXlsx,
    );
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    await refusedWith(
      bytes('a.xls', xls),
      400,
      'IMPORT.FILE_INVALID',
      sheetImportMessages.oldExcel,
    );
    const brokenZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    await refusedWith(bytes('a.xlsx', brokenZip), 400, 'IMPORT.FILE_INVALID');
    await refusedWith(bytes('a.csv', ''), 400, 'IMPORT.FILE_INVALID', sheetImportMessages.empty);
    await refusedWith(
      bytes('a.csv', '\r\n,,\r\n'),
      400,
      'IMPORT.FILE_INVALID',
      sheetImportMessages.empty,
    );
    await refusedWith(
      bytes('a.csv', 'Name,Email\r\n'),
      400,
      'IMPORT.FILE_INVALID',
      sheetImportMessages.onlyHeader,
    );
    await refusedWith(bytes('a.csv', 'Name\n"unclosed'), 400, 'IMPORT.FILE_INVALID');
  });

  it('caps the rows (413) and the size (413)', async () => {
    const many = `Name\n${Array.from({ length: 100_000 }, (_, i) => `H${i}`).join('\n')}\n`;
    await refusedWith(
      bytes('many.csv', many),
      413,
      'IMPORT.TOO_MANY_ROWS',
      sheetImportMessages.tooManyRows,
    );
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('S');
    sheet.addRow(['Name']);
    for (let i = 0; i < 2001; i++) sheet.addRow([`H${i}`]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    await refusedWith(bytes('many.xlsx', xlsx), 413, 'IMPORT.TOO_MANY_ROWS');
    const huge = `Name\n${'x'.repeat(SHEET_MAX_BYTES)}\n`;
    await refusedWith(
      bytes('huge.csv', huge),
      413,
      'IMPORT.FILE_TOO_LARGE',
      sheetImportMessages.tooLarge,
    );
  });

  it('reads a semicolon CSV with a byte-order mark, and NUL bytes as a row’s error', async () => {
    const { res, answer } = await importSheet(s.as.admin, { kind: 'holders' }, [
      bytes('semi.csv', '\uFEFFName;Email\r\nSemi Colon;semi@example.com\r\nNul\u0000;\r\n'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(answer().steps[0]).toEqual({
      row: 2,
      action: 'create holder Semi Colon <semi@example.com>',
      ok: true,
    });
    expect(answer().errors).toEqual([
      {
        row: 3,
        column: 'Name',
        message: 'Name must not contain a NUL character or an unpaired surrogate.',
      },
    ]);
  });
});

describe('GET /api/v1/imports/templates/:file', () => {
  it('serves each template, and the import reads its own template back', async () => {
    for (const file of ['holders.csv', 'holders.xlsx', 'transactions.csv', 'transactions.xlsx']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/imports/templates/${file}`,
        headers: s.as.admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain('-import-template.');
      const kind = file.split('.')[0]!;
      const preview = await importSheet(s.as.admin, { kind }, [bytes(file, res.rawPayload)]);
      expect(preview.res.statusCode, preview.res.body).toBe(200);
      expect(preview.answer()).toMatchObject({ rows: 1, format: file.split('.')[1] });
      expect(preview.answer().columns.every((c) => c.field !== null)).toBe(true);
      if (kind === 'holders')
        expect(preview.answer().steps).toEqual([
          { row: 2, action: 'create holder Jane Roe <jane.roe@example.com>', ok: true },
        ]);
      else
        expect(preview.answer().errors).toEqual([
          expect.objectContaining({ row: 2, column: 'Holder' }),
        ]);
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/imports/templates/holders.pdf',
      headers: s.as.admin,
    });
    expect(unknown.statusCode).toBe(400);
  });
});
