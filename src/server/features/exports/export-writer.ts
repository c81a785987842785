import type { ExportRow } from './export-table';

/** Writes an export's rows in one format into a stream (csv-export-writer, xlsx-export-writer). */
export interface ExportWriter {
  /** The batch's rows, in order. */
  write(rows: ExportRow[]): void;
  /** Resolved once the rows written so far have gone on to the client (or it went away). */
  flushed(): Promise<void>;
  /** Closes the file (the workbook's parts, the CSV's last record); resolved once written. */
  end(): Promise<void>;
}
