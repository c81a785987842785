import { stringify } from 'csv-stringify/sync';
import type { StockholderListResponse } from '../../../contract/cap-table';

const HEADER = ['Class', 'Name', 'Address', 'City', 'State', 'Postal code', 'Country', 'Shares'];

/**
 * The stockholder list as CSV (RFC 4180: CRLF, cells with a comma, a quote or a line break quoted): a header, then one row per holder of each class,
 * in the list's order. A cell that a spreadsheet would read as a formula (one beginning with =,
 * +, -, @, a tab or a carriage return) is written with a single quote before it
 * (csv-stringify's `escape_formulas`); quotes are doubled inside quoted cells.
 */
export function stockholderListCsv(list: StockholderListResponse): string {
  const records = list.classes.flatMap((cls) =>
    cls.holders.map((h) => [
      cls.name,
      h.name,
      h.address,
      h.city,
      h.state,
      h.postalCode,
      h.country,
      h.shares,
    ]),
  );
  return stringify([HEADER, ...records], {
    escape_formulas: true,
    record_delimiter: 'windows',
    // A line break inside a cell is quoted, as RFC 4180 asks (csv-stringify quotes only the
    // record delimiter itself otherwise).
    quoted_match: /[\r\n]/,
  });
}

/** stockholder-list-2024-03-31.csv */
export const stockholderListFileName = (asOf: string) => `stockholder-list-${asOf}.csv`;
