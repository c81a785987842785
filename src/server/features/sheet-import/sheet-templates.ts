import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { SheetFormat, SheetImportKind } from '../../../contract/sheet-import';
import { fieldLabels, templateColumns, type SheetField } from './match-headers';

// GET /api/v1/imports/templates/:kind.(csv|xlsx): the header row (each field's label, which the
// import reads back) and one example row, in both formats. Every cell is text.

const EXAMPLE: Partial<Record<SheetField, string>> = {
  // Holders
  Name: 'Jane Roe',
  Email: 'jane.roe@example.com',
  HolderType: 'individual',
  Address: '1 Main Street',
  City: 'Dover',
  State: 'DE',
  ZipCode: '19901',
  Country: 'United States',
  Phone: '+1 302 555 0100',
  // Transactions
  Type: 'New Issue',
  Date: '2026-01-15',
  Holder: 'jane.roe@example.com',
  Class: 'Common',
  Shares: '1000',
  Cost: '0.01',
  Consideration: '10.00',
  ConsiderationCurrency: 'USD',
  ApprovalDate: '2026-01-10',
  ApprovalReference: 'Board consent of 2026-01-10',
};

const TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export interface TemplateFile {
  contentType: string;
  fileName: string;
  body: Buffer;
}

export async function sheetTemplate(
  kind: SheetImportKind,
  format: SheetFormat,
): Promise<TemplateFile> {
  const fields = templateColumns(kind);
  const header = fields.map((f) => fieldLabels[f]);
  const example = fields.map((f) => EXAMPLE[f] ?? '');
  const fileName = `${kind}-import-template.${format}`;
  if (format === 'csv')
    return {
      contentType: TYPES.csv,
      fileName,
      body: Buffer.from(stringify([header, example]), 'utf8'),
    };
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind === 'holders' ? 'Holders' : 'Transactions');
  sheet.addRow(header).font = { bold: true };
  sheet.addRow(example);
  sheet.columns.forEach((column) => {
    column.width = 22;
    column.numFmt = '@';
  });
  return {
    contentType: TYPES.xlsx,
    fileName,
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
