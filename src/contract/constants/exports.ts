// The exports' paths (issue 26, decision 125), without zod: the web imports them freely.

/** The company-wide reports that export as of a date. */
export const exportReports = [
  'cap-table',
  'company-ledger',
  'stockholder-list',
  'certificate-register',
] as const;
export type ExportReport = (typeof exportReports)[number];

/** CSV (RFC 4180, UTF-8) or an Excel workbook (XLSX). */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** GET /api/v1/exports/cap-table.xlsx?asOf=YYYY-MM-DD */
export const exportPath = (report: ExportReport, format: ExportFormat) =>
  `/api/v1/exports/${report}.${format}` as const;

/** GET /api/v1/exports/statement/:holderId.csv?asOf=YYYY-MM-DD: one holder's statement. */
export const statementExportPath = (format: ExportFormat) =>
  `/api/v1/exports/statement/:holderId.${format}` as const;

/** A download's address: the path with the holder's id, and the page's as-of date when it has one. */
export function exportHref(path: string, opts: { holderId?: string; asOf?: string }): string {
  const filled = opts.holderId === undefined ? path : path.replace(':holderId', opts.holderId);
  return opts.asOf ? `${filled}?asOf=${encodeURIComponent(opts.asOf)}` : filled;
}
