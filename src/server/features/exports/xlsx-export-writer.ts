import { Transform, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Cell, ExportColumn, ExportRow } from './export-table';
import type { ExportWriter } from './export-writer';
import { inertText } from './inert-text';
import { quiet, unlessClosed } from './stream-flow';

/** Costs per share are kept in US dollars (db/schema.ts, certificate.cost). */
const DEFAULT_CURRENCY = 'USD';

const NUMBER_FORMATS = {
  shares: '#,##0.00',
  percent: '0.0000',
  integer: '0',
  date: 'yyyy-mm-dd',
} as const;

/** A currency format naming the ISO 4217 code: 1,234.50 USD. */
const moneyFormat = (currency: string | null | undefined) =>
  `#,##0.00 "${/^[A-Z]{3}$/.test(currency ?? '') ? currency : DEFAULT_CURRENCY}"`;

/** A cell's value and number format in the workbook: numbers are numbers, dates dates. */
function valueOf(column: ExportColumn, cell: Cell, row: Cell[]) {
  if (cell === null) return { value: null };
  switch (column.kind) {
    case 'text':
      return { value: inertText(cell) };
    case 'date':
      return { value: new Date(`${cell}T00:00:00Z`), numFmt: NUMBER_FORMATS.date };
    case 'money': {
      // The spreadsheet's number: the exact decimal text read as the nearest double, at the
      // file's edge only (sums and percentages were made from the exact figures).
      const currency = column.currencyColumn === undefined ? null : row[column.currencyColumn];
      return { value: Number(cell), numFmt: moneyFormat(currency) };
    }
    default:
      return { value: Number(cell), numFmt: NUMBER_FORMATS[column.kind] };
  }
}

/**
 * An export as an Excel workbook, written with exceljs's streaming writer (rows committed as
 * they come, no shared strings, so that nothing of the sheet stays in memory): one worksheet, the
 * header row bold and frozen, each column its width; a totals row bold.
 */
export function xlsxExportWriter(
  table: { sheet: string; columns: ExportColumn[] },
  out: Writable,
): ExportWriter {
  // The zip's bytes, counted on their way to `out`: how the writer knows they are flowing.
  let written = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      done(null, chunk);
    },
  });
  counted.pipe(out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: counted,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.sheet, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = table.columns.map((c, i) => ({ key: `c${i}`, width: c.width }));
  const header = sheet.addRow(table.columns.map((c) => inertText(c.header)));
  header.font = { bold: true };
  header.commit();
  return {
    write(rows: ExportRow[]) {
      for (const { cells, total } of rows) {
        const row = sheet.addRow([]);
        table.columns.forEach((column, i) => {
          const { value, numFmt } = valueOf(column, cells[i] ?? null, cells);
          const cell = row.getCell(i + 1);
          cell.value = value;
          if (numFmt) cell.numFmt = numFmt;
          if (total) cell.font = { bold: true };
        });
        row.commit();
      }
    },
    // exceljs's writer has no back-pressure of its own: wait until the zip's output stops.
    flushed: () => quiet(out, () => written),
    async end() {
      sheet.commit();
      await unlessClosed(out, workbook.commit());
    },
  };
}
