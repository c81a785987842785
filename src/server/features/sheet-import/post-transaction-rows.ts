import { sql } from 'drizzle-orm';
import { cancelReason, transactionMessages } from '../../../contract/ledger';
import { formatCost } from '../../../contract/format';
import { isLedgerError, type LedgerField, type OperationInput } from '../../../ledger';
import { rows } from '../../db/sql';
import type { OperationRecord } from '../../ledger-store/operation-write';
import { postOperation } from '../../ledger-store/post-operation';
import { holderLookup, type Run } from './import-run';
import type { TransactionField } from './match-headers';
import { columnOf, rowErrors, rowValues, type RowValues } from './row-values';
import { readTransactionRow, type TransactionRow } from './transaction-row';

// A transactions file: each row one operation posted through the ledger's own path
// (postOperation: lock, plan by the ledger's rules, write), in the file's order, inside the
// import's one transaction. A certificate is named by its number, looked up when its row is
// posted, so a row may transfer shares an earlier row issued.

/** The file's field for each field the ledger names in a refusal. */
const LEDGER_FIELD: Record<LedgerField, TransactionField> = {
  holderId: 'Holder',
  toHolderId: 'ToHolder',
  date: 'Date',
  shares: 'Shares',
  cost: 'Cost',
  origins: 'Certificate',
  reason: 'Reason',
  type: 'Type',
  classType: 'Class',
};

interface Origin {
  id: string;
  label: string;
}

/** The company's certificate numbered as `text` says ("CS-12", "12", "#12"), or null. */
async function findCertificate(run: Run, text: string): Promise<Origin | null> {
  const match = /^\s*#?([A-Za-z]*)[\s-]*0*(\d{1,9})\s*$/.exec(text);
  if (!match) return null;
  const [found] = await rows<{ id: string; prefix: string; number: number }>(
    run.lt.tx,
    sql`select c.id, cls.prefix, c.number from certificate c
          join share_class cls on cls.id = c.class_id
         where c.organization_id = ${run.opts.organizationId} and c.number = ${Number(match[2])}`,
  );
  if (!found) return null;
  const prefix = match[1]!.toUpperCase();
  if (prefix !== '' && found.prefix.replace(/-$/, '').toUpperCase() !== prefix) return null;
  return { id: found.id, label: `${found.prefix}${found.number}` };
}

const amount = (value: string) => formatCost(value).replace('$', '');

function words(t: TransactionRow, origin: Origin | null): string {
  const { form } = t;
  const shares = amount(form.Shares);
  const from = origin ? `${t.holder.name}’s ${origin.label}` : t.holder.name;
  switch (form.Type) {
    case 'New Issue': {
      const cls = form.ClassType === 'preferred' ? 'Preferred' : 'Common';
      const cost = form.Cost ? ` at ${formatCost(form.Cost)} a share` : '';
      return `issue ${shares} ${cls} to ${t.holder.name}${cost}`;
    }
    case 'Transfer':
      return `transfer ${shares} from ${from} to ${t.toHolder?.name ?? '?'}`;
    case 'Convert to Preferred':
      return `convert ${shares} of ${from} to Preferred`;
    default:
      return `cancel ${shares} of ${from}`;
  }
}

function inputOf(run: Run, t: TransactionRow, origin: Origin | null): OperationInput {
  const { form } = t;
  return {
    type: form.Type,
    holderId: t.holder.id,
    toHolderId: form.Type === 'Transfer' ? (t.toHolder?.id ?? null) : null,
    date: form.ShareDate,
    today: run.opts.today,
    shares: form.Shares,
    cost: form.Cost ?? null,
    originCertificateIds: origin ? [origin.id] : [],
    classType: form.Type === 'New Issue' ? (form.ClassType ?? null) : null,
    notes: form.Notes ?? null,
    reason: form.Type === 'Cancel' ? cancelReason(form) : (form.Reason ?? null),
  };
}

const recordOf = (t: TransactionRow): OperationRecord => ({
  consideration: t.form.Consideration
    ? { amount: t.form.Consideration, currency: t.form.ConsiderationCurrency ?? 'USD' }
    : null,
  approvalDate: t.form.ApprovalDate ?? null,
  approvalReference: t.form.ApprovalReference || null,
});

/** Posts one row's operation, or says why the ledger refuses it. */
async function postRow(run: Run, row: number, t: TransactionRow): Promise<void> {
  const error = (field: TransactionField, message: string) =>
    run.errors.push({ row, column: columnOf(run.columns, field), message });
  const origin = t.certificate === null ? null : await findCertificate(run, t.certificate);
  const action = words(t, origin);
  if (t.certificate !== null && origin === null) {
    error('Certificate', `no certificate of this company is numbered ${t.certificate}.`);
    return void run.steps.push({ row, action, ok: false });
  }
  if (t.form.ApprovalDate && t.form.ApprovalDate > run.opts.today) {
    error('ApprovalDate', transactionMessages.approvalInFuture);
    return void run.steps.push({ row, action, ok: false });
  }
  try {
    const posted = await postOperation(run.lt, {
      organizationId: run.opts.organizationId,
      input: inputOf(run, t, origin),
      actor: run.opts.actor,
      requestId: run.opts.requestId,
      record: recordOf(t),
    });
    const made = posted.certificates.map((c) => c.certificate);
    run.certificates.push(...made);
    run.operationsPosted++;
    const as = made.length > 0 ? ` (${made.join(', ')})` : '';
    run.steps.push({ row, action: `${action}${as}`, ok: true });
  } catch (err) {
    if (!isLedgerError(err)) throw err;
    error(err.field ? LEDGER_FIELD[err.field] : 'Type', err.message);
    run.steps.push({ row, action, ok: false });
  }
}

/** A row that could not be read, as the file says it: "new issue of 250.125 for ben@…". */
function unreadWords(values: RowValues['values']): string {
  const type = (values.Type ?? 'New Issue').toLowerCase();
  const shares = values.Shares ? ` of ${values.Shares}` : '';
  const holder = values.Holder ? ` for ${values.Holder}` : '';
  return `${type}${shares}${holder} (not read)`;
}

export async function postTransactionRows(run: Run): Promise<void> {
  const lookup = await holderLookup(run.lt.tx, run.opts.organizationId);
  const letters = run.opts.sheet.format === 'xlsx';
  for (const sheetRow of run.opts.sheet.rows) {
    const values = rowValues(run.columns, sheetRow, letters);
    const read = readTransactionRow(run.columns, values, lookup);
    if (values.errors.length > 0 || 'errors' in read) {
      run.errors.push(...rowErrors(values.errors, 'errors' in read ? read.errors : []));
      run.steps.push({ row: sheetRow.row, action: unreadWords(values.values), ok: false });
      continue;
    }
    await postRow(run, sheetRow.row, read);
  }
}
