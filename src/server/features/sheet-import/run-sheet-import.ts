import { randomUUID } from 'node:crypto';
import {
  sheetErrorText,
  sheetImportMessages,
  type SheetImportAnswer,
  type SheetImportError,
  type SheetImportReceipt,
} from '../../../contract/sheet-import';
import type { Database } from '../../db/open-database';
import { holderMessages } from '../../../contract/shareholders';
import { AppError } from '../../http/app-error';
import { importHolderRows } from './import-holder-rows';
import type { Run, SheetImportOptions } from './import-run';
import { fieldLabels, matchHeaders, type SheetField } from './match-headers';
import { postTransactionRows } from './post-transaction-rows';
import type { Columns } from './row-values';
import { earlierReceipt, storeReceipt, uniqueViolation } from './sheet-receipt';

export type { SheetImportOptions } from './import-run';

// The import: one ledger transaction in which every row is carried out in the file's order
// (holders created, operations posted through the ledger's own path). A preview, or a commit
// with any row in error, rolls it all back: the preview is what the ledger itself decided, and
// nothing is written unless every row is clean. The same file sent again (to preview or to
// commit) answers the first import's receipt and writes nothing.

class RolledBack extends Error {}

/** Fields a file of the kind cannot do without: one of each group names a column. */
const REQUIRED: Record<SheetImportOptions['kind'], SheetField[][]> = {
  holders: [['Name', 'FirstName', 'LastName']],
  transactions: [['Holder'], ['Date'], ['Shares']],
};

/** The header row's problems: a field named twice, a required field with no column. */
function headerErrors(opts: SheetImportOptions, columns: Columns): SheetImportError[] {
  const { duplicates } = matchHeaders(opts.kind, opts.sheet.headers);
  const errors: SheetImportError[] = duplicates.map((d) => ({
    row: 1,
    column: d.column,
    message: `another column is already read as ${fieldLabels[d.field]}: keep only one of them.`,
  }));
  for (const group of REQUIRED[opts.kind]) {
    if (group.some((f) => columns.fields.includes(f))) continue;
    errors.push({
      row: 1,
      column: null,
      message: `no column for ${fieldLabels[group[0]!]}: add a column headed ${group
        .map((f) => fieldLabels[f])
        .join(' or ')} (see the template).`,
    });
  }
  return errors;
}

function answerOf(opts: SheetImportOptions, columns: Columns, run: Partial<Run>) {
  return {
    kind: opts.kind,
    format: opts.sheet.format,
    fileName: opts.fileName,
    contentHash: opts.contentHash,
    rows: opts.sheet.rows.length,
    columns: opts.sheet.headers.map((column, i) => ({ column, field: columns.fields[i] ?? null })),
    steps: run.steps ?? [],
    errors: run.errors ?? [],
  };
}

const receiptOf = (opts: SheetImportOptions, run: Run): SheetImportReceipt => ({
  id: randomUUID(),
  importedAt: new Date().toISOString(),
  fileName: opts.fileName,
  rows: opts.sheet.rows.length,
  holdersCreated: run.holdersCreated,
  operationsPosted: run.operationsPosted,
  certificates: run.certificates,
});

/** A commit that found errors: nothing was written, and the answer names the rows. */
function rowsRefused(errors: SheetImportError[]): AppError {
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new AppError({
    code: 'IMPORT.ROWS_REFUSED',
    message: `${sheetImportMessages.rowsRefused} ${sheetErrorText(errors[0]!)}${more}`,
    field: 'file',
    details: { errors },
  });
}

async function replay(database: Database, opts: SheetImportOptions, columns: Columns) {
  const receipt = await earlierReceipt(
    database.db,
    opts.organizationId,
    opts.kind,
    opts.contentHash,
  );
  if (!receipt) return null;
  return {
    ...answerOf(opts, columns, {}),
    committed: true,
    alreadyImported: true,
    receipt,
  } satisfies SheetImportAnswer;
}

/**
 * A commit that failed on a row another request wrote meanwhile: the same file committed at the
 * same moment (its receipt is the answer), or a holder's e-mail taken by another import.
 */
async function afterFailure(
  database: Database,
  opts: SheetImportOptions,
  columns: Columns,
  err: unknown,
): Promise<SheetImportAnswer> {
  const constraint = uniqueViolation(err);
  if (constraint === null) throw err;
  const earlier = await replay(database, opts, columns);
  if (earlier) return earlier;
  if (constraint === 'shareholder_org_email_unique')
    throw new AppError({
      code: 'SHAREHOLDER.EMAIL_TAKEN',
      message: holderMessages.emailTaken,
      field: 'file',
    });
  throw err;
}

export async function runSheetImport(
  database: Database,
  opts: SheetImportOptions,
): Promise<SheetImportAnswer> {
  const columns: Columns = {
    fields: matchHeaders(opts.kind, opts.sheet.headers).fields,
    headers: opts.sheet.headers,
  };
  // A file imported before is not read again, preview or commit: its receipt says what it did.
  const earlier = await replay(database, opts, columns);
  if (earlier) return earlier;
  const headerProblems = headerErrors(opts, columns);
  let answer: SheetImportAnswer | undefined;
  try {
    await database.ledgerTransaction(async (lt) => {
      const run: Run = {
        lt,
        opts,
        columns,
        steps: [],
        errors: [...headerProblems],
        holdersCreated: 0,
        operationsPosted: 0,
        certificates: [],
      };
      // A required column missing: the rows are not read (each would say the same).
      const readable = !headerProblems.some((e) => e.column === null);
      if (readable && opts.kind === 'holders') await importHolderRows(run);
      if (readable && opts.kind === 'transactions') await postTransactionRows(run);
      const clean = run.errors.length === 0;
      const receipt = opts.commit && clean ? receiptOf(opts, run) : null;
      answer = {
        ...answerOf(opts, columns, run),
        committed: receipt !== null,
        alreadyImported: false,
        receipt,
      };
      if (!receipt) throw new RolledBack();
      await storeReceipt(lt.tx, opts, receipt);
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) return afterFailure(database, opts, columns, err);
  }
  if (!opts.commit || answer!.committed) return answer!;
  // Refused: unless the rows clashed with the same file, committed meanwhile by another request.
  const overtaken = await replay(database, opts, columns);
  if (overtaken) return overtaken;
  throw rowsRefused(answer!.errors);
}
