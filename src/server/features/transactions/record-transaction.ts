import type { z } from 'zod';
import {
  cancelReason,
  transactionMessages,
  type recordTransactionBody,
} from '../../../contract/ledger';
import {
  todayIn,
  type LedgerError,
  type LedgerErrorCode,
  type LedgerField,
  type OperationInput,
} from '../../../ledger';
import type { Database } from '../../db/open-database';
import { invalid } from '../../http/invalid-input';
import { refusalAnswer, type ExactlyOnceAnswer } from '../../ledger-store/exactly-once';
import type { StoredAnswer } from '../../ledger-store/idempotency';
import type { OperationRecord } from '../../ledger-store/operation-write';
import { postAsCaller } from '../../ledger-store/post-as-caller';
import type { Principal } from '../../plugins/access-control';
import type { OperationNotices } from '../../notices/operation-notices';

export interface RecordTransactionOptions {
  principal: Principal;
  body: z.output<typeof recordTransactionBody>;
  idempotencyKey: string;
  requestId: string;
  /** The holders' e-mail notices, started once the operation has committed (not on a replay). */
  notices: Pick<OperationNotices, 'send'> | null;
}

export type RecordTransactionAnswer = ExactlyOnceAnswer;

/** The request body's name for each field the ledger names in a refusal. */
const REQUEST_FIELD: Record<LedgerField, keyof z.input<typeof recordTransactionBody>> = {
  holderId: 'ShareholderId',
  toHolderId: 'DestinationShareholderId',
  date: 'ShareDate',
  shares: 'Shares',
  cost: 'Cost',
  origins: 'Origin',
  reason: 'Reason',
  type: 'Type',
  classType: 'ClassType',
};

/** Where the request's terms say more than the ledger's message (it names two fields). */
const REQUEST_MESSAGE: Partial<Record<LedgerErrorCode, string>> = {
  'LEDGER.REASON_REQUIRED': transactionMessages.reasonRequired,
};

/** `today` is the organization's date, the same day the directory and statement default to. */
export function toOperationInput(
  body: z.output<typeof recordTransactionBody>,
  today: string,
): OperationInput {
  return {
    type: body.Type,
    holderId: body.ShareholderId,
    toHolderId: body.DestinationShareholderId ?? null,
    date: body.ShareDate,
    today,
    shares: body.Shares,
    cost: body.Cost ?? null,
    originCertificateIds: body.Origin,
    classType: body.ClassType ?? null,
    notes: body.Notes ?? null,
    // The spec's client explains a Cancel in Notes: with no Reason, the Notes are the reason.
    reason: body.Type === 'Cancel' ? cancelReason(body) : (body.Reason ?? null),
  };
}

/**
 * The operation's consideration and approval as the row keeps them (decision 122): a currency
 * without an amount, or an approval dated after today, is refused naming the field.
 */
export function operationRecordOf(
  body: z.output<typeof recordTransactionBody>,
  today: string,
): OperationRecord {
  if (body.ConsiderationCurrency !== undefined && body.Consideration === undefined)
    throw invalid('ConsiderationCurrency', transactionMessages.currencyWithoutAmount);
  if (body.ApprovalDate !== undefined && body.ApprovalDate > today)
    throw invalid('ApprovalDate', transactionMessages.approvalInFuture);
  return {
    consideration:
      body.Consideration === undefined
        ? null
        : { amount: body.Consideration, currency: body.ConsiderationCurrency ?? 'USD' },
    approvalDate: body.ApprovalDate ?? null,
    approvalReference: body.ApprovalReference || null,
  };
}

/**
 * The spec's Transfer action, exactly once per Idempotency-Key (checklist LED-08): the first
 * answer, a refusal included, is stored and replayed for the same key and body; the success is
 * stored in the same database transaction as its effect, so a crash leaves neither or both.
 */
export async function recordTransaction(
  database: Database,
  opts: RecordTransactionOptions,
): Promise<RecordTransactionAnswer> {
  // "Today" is the company's, in its time zone: no future date, the day a transaction defaults to.
  const today = todayIn(opts.principal.timeZone);
  const input = toOperationInput(opts.body, today);
  const record = operationRecordOf(opts.body, today);
  return postAsCaller(database, {
    ...opts,
    request: opts.body,
    refusal: refusalInRequestTerms,
    operation: async () => ({ input, record }),
  });
}

/** A ledger refusal with the field named as the request names it, so a client can point at it. */
export const refusalInRequestTerms = (err: LedgerError): StoredAnswer =>
  refusalAnswer(err, err.field && REQUEST_FIELD[err.field], REQUEST_MESSAGE[err.code]);
