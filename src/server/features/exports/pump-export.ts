import type { Writable } from 'node:stream';
import type { ExportFormat } from '../../../contract/constants/exports';
import { csvExportWriter } from './csv-export-writer';
import type { ExportTable } from './export-table';
import { xlsxExportWriter } from './xlsx-export-writer';

/**
 * Writes the table into `out` in the format, a batch at a time: the next batch is read only
 * once `out` has taken the last one (back-pressure), so memory stays bounded whatever the size
 * of the registry. When `out` is destroyed (the client disconnected), reading stops at once:
 * each batch is one statement of its own, so no transaction or connection is left open.
 * 'aborted' when it stopped so, 'written' when the whole file was.
 */
export async function pumpExport(
  table: ExportTable,
  format: ExportFormat,
  out: Writable,
): Promise<'written' | 'aborted'> {
  const writer =
    format === 'csv' ? csvExportWriter(table.columns, out) : xlsxExportWriter(table, out);
  for await (const batch of table.batches()) {
    if (out.destroyed) return 'aborted';
    writer.write(batch);
    await writer.flushed();
    if (out.destroyed) return 'aborted';
  }
  await writer.end();
  return out.destroyed && !out.writableFinished ? 'aborted' : 'written';
}
