/**
 * A report as an export writes it (issue 26, decision 125): named columns of a kind, and rows
 * read in batches. Every figure is its exact decimal text (2 decimals) as the ledger keeps it, a
 * date its ISO text: the CSV writes them as they are, the workbook makes numbers and dates of
 * them only as it writes each cell.
 */
export type ColumnKind =
  /** Text: neutralised (inert-text.ts) in both formats. */
  | 'text'
  /** Shares, 2 decimals. */
  | 'shares'
  /** An amount of money, 2 decimals, in `currencyColumn`'s currency when it names one. */
  | 'money'
  /** A percentage with 4 decimals ("12.3456"). */
  | 'percent'
  /** A whole number (a count). */
  | 'integer'
  /** YYYY-MM-DD. */
  | 'date';

export interface ExportColumn {
  header: string;
  kind: ColumnKind;
  /** The workbook's column width, in characters. */
  width: number;
  /** For money: the index of the column holding the ISO 4217 code of each row's amount. */
  currencyColumn?: number;
}

/** A cell: text, decimal text, an ISO date, or nothing. */
export type Cell = string | null;

export interface ExportRow {
  cells: Cell[];
  /** A totals row (bold in the workbook). */
  total?: boolean;
}

export interface ExportTable {
  /** The worksheet's name (at most 31 characters). */
  sheet: string;
  columns: ExportColumn[];
  /** The rows, a batch at a time, read from the database as they are asked for. */
  batches: () => AsyncIterable<ExportRow[]>;
}

/** The default batch: rows read by one statement (keyset paged). */
export const EXPORT_BATCH = 1_000;
