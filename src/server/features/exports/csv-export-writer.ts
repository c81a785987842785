import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ExportColumn, ExportRow } from './export-table';
import { inertText } from './inert-text';
import type { ExportWriter } from './export-writer';
import { drained, tick, unlessClosed } from './stream-flow';

/**
 * An export as CSV (RFC 4180: CRLF, a cell with a comma, a quote or a line break quoted, quotes
 * doubled), UTF-8: the header, then each row. Text cells are neutralised (inert-text.ts); a
 * figure is its decimal text ("-5.00" stays a number) and a date YYYY-MM-DD.
 */
export function csvExportWriter(columns: ExportColumn[], out: Writable): ExportWriter {
  const csv = stringify({
    record_delimiter: 'windows',
    // A line break inside a cell is quoted, as RFC 4180 asks (csv-stringify quotes only the
    // record delimiter itself otherwise).
    quoted_match: /[\r\n]/,
  });
  csv.pipe(out);
  csv.write(columns.map((c) => inertText(c.header)));
  const cellOf = (column: ExportColumn | undefined, cell: string | null) =>
    cell === null ? '' : column?.kind === 'text' ? inertText(cell) : cell;
  return {
    write(rows: ExportRow[]) {
      for (const row of rows) csv.write(row.cells.map((cell, i) => cellOf(columns[i], cell)));
    },
    // csv-stringify keeps to the pipe's back-pressure: `out` drained, the records went on.
    flushed: async () => {
      await tick();
      await drained(csv, out);
      await drained(out);
    },
    end: () => {
      const ended = new Promise((resolve) => csv.once('end', resolve));
      csv.end();
      return unlessClosed(out, ended);
    },
  };
}
