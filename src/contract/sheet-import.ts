import { z } from 'zod';

// Bulk import from spreadsheets (issue 26): POST /api/v1/imports takes one CSV or XLSX file of
// holders or of transactions; a preview (the default) says what each row would do and every
// error by row and column; a commit writes all of it or nothing.

export const sheetImportKinds = ['holders', 'transactions'] as const;
export type SheetImportKind = (typeof sheetImportKinds)[number];

export const sheetFormats = ['csv', 'xlsx'] as const;
export type SheetFormat = (typeof sheetFormats)[number];

export const sheetImportPaths = {
  imports: '/api/v1/imports',
  template: '/api/v1/imports/templates/:file',
} as const;

/** The template files: `holders.csv`, `transactions.xlsx`, ... */
export const templateFiles = sheetImportKinds.flatMap((kind) =>
  sheetFormats.map((format) => `${kind}.${format}` as const),
);
export const templatePath = (kind: SheetImportKind, format: SheetFormat) =>
  sheetImportPaths.template.replace(':file', `${kind}.${format}`);

export const templateParams = z.object({ file: z.enum(templateFiles) });

/** At most this many rows besides the header, and this many bytes, in one file. */
export const SHEET_MAX_ROWS = 2000;
export const SHEET_MAX_BYTES = 5 * 1024 * 1024;

export const sheetImportQuery = z.object({
  kind: z.enum(sheetImportKinds),
  /** "true" writes the file (all or nothing); anything else, or nothing, previews it. */
  commit: z.enum(['true', 'false']).default('false'),
});
export type SheetImportQuery = z.input<typeof sheetImportQuery>;

/** One row's error: spreadsheet row (the header is row 1) and column as the file names it. */
export const sheetImportError = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type SheetImportError = z.infer<typeof sheetImportError>;

/** What one row will do (or did), in words: "create holder Jane Roe <jane@example.com>". */
export const sheetImportStep = z.object({
  row: z.number().int(),
  action: z.string(),
  ok: z.boolean(),
});
export type SheetImportStep = z.infer<typeof sheetImportStep>;

export const sheetImportReceipt = z.object({
  id: z.uuid(),
  importedAt: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  holdersCreated: z.number().int(),
  operationsPosted: z.number().int(),
  /** The certificates the import issued, by printed number. */
  certificates: z.array(z.string()),
});
export type SheetImportReceipt = z.infer<typeof sheetImportReceipt>;

export const sheetImportAnswer = z.object({
  kind: z.enum(sheetImportKinds),
  format: z.enum(sheetFormats),
  fileName: z.string(),
  /** SHA-256 of the file's bytes: the same file again is the same import. */
  contentHash: z.string(),
  /** Rows besides the header (blank rows are not counted). */
  rows: z.number().int(),
  /** Columns matched to fields, and those not read. */
  columns: z.array(z.object({ column: z.string(), field: z.string().nullable() })),
  steps: z.array(sheetImportStep),
  errors: z.array(sheetImportError),
  /** The file's rows are in the registry: written now, or by an earlier import of it. */
  committed: z.boolean(),
  /**
   * This file was imported before (previewed or committed again): the receipt is the first
   * import's, and the rows were not read again.
   */
  alreadyImported: z.boolean(),
  receipt: sheetImportReceipt.nullable(),
});
export type SheetImportAnswer = z.infer<typeof sheetImportAnswer>;

/** "row 14, Shares: must be a number…": how an error reads in a sentence. */
export const sheetErrorText = (e: SheetImportError): string =>
  `row ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.message}`;

export const sheetImportMessages = {
  notAFile: 'Send one CSV or XLSX file in a multipart/form-data field named "file".',
  empty: 'The file is empty: it needs a header row and at least one row.',
  onlyHeader: 'The file has a header row and no rows to import.',
  tooManyRows: `The file has more than ${SHEET_MAX_ROWS.toLocaleString('en-US')} rows: split it into files of at most ${SHEET_MAX_ROWS.toLocaleString('en-US')} rows.`,
  tooLarge: `The file is larger than ${SHEET_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`,
  notCsvOrXlsx:
    'The file is neither a CSV (UTF-8 text) nor an XLSX workbook: save it as .csv or .xlsx.',
  oldExcel: 'This is an old Excel (.xls) workbook: save it as .xlsx or .csv and try again.',
  rowsRefused: 'Nothing was imported: fix the rows named and send the file again.',
} as const;

/** What the import page sends: a kind and one chosen file (a browser's FileList). */
export const sheetImportForm = z.object({
  kind: z.enum(sheetImportKinds),
  file: z.custom<ArrayLike<unknown>>(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      'length' in v &&
      (v as ArrayLike<unknown>).length === 1,
    'Choose a CSV or XLSX file.',
  ),
});
export type SheetImportForm = z.input<typeof sheetImportForm>;
