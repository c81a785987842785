import {
  cancelReason,
  transactionMessages,
  type RecordTransactionResponse,
  type recordTransactionBody,
} from '../../../contract/ledger';
import type { z } from 'zod';
import {
  isLedgerError,
  todayIn,
  type LedgerErrorCode,
  type LedgerField,
  type OperationInput,
} from '../../../ledger';
import type { Database } from '../../db/open-database';
import { errorAnswer } from '../../http/error-answer';
import {
  claimIdempotencyKey,
  claimStatement,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestHash,
  type StoredAnswer,
} from '../../ledger-store/idempotency';
import { postOperation, type PostedOperation } from '../../ledger-store/post-operation';
import type { OperationRecord } from '../../ledger-store/operation-write';
import { invalid } from '../../http/invalid-input';
import { isPreconditionFailed, type Precondition } from '../../db/pipelined-transaction';
import type { Principal } from '../../plugins/access-control';

export interface RecordTransactionOptions {
  principal: Principal;
  body: z.output<typeof recordTransactionBody>;
  idempotencyKey: string;
  requestId: string;
}

export interface RecordTransactionAnswer extends StoredAnswer {
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

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

/** The answer to a recorded operation: what it created, with the certificates' printed numbers. */
function responseBody(posted: PostedOperation): RecordTransactionResponse {
  return {
    operationId: posted.operationId,
    type: posted.type,
    certificates: posted.certificates,
    transactions: posted.transactions.map((t) => ({
      id: t.id,
      certificate: t.certificate,
      type: t.type,
      shares: t.shares,
      cost: t.cost,
      date: t.date,
      origin: t.origin,
    })),
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
  const { db } = database;
  const { principal } = opts;
  if (principal.organizationId === null) throw new Error('administrator without an organization');
  const scope = `user:${principal.userId}`;
  const key = opts.idempotencyKey;
  const hash = requestHash(opts.body);
  // "Today" is the company's, in its time zone: no future date, the day a transaction defaults to.
  const today = todayIn(principal.timeZone);
  const input = toOperationInput(opts.body, today);
  const record = operationRecordOf(opts.body, today);
  const post = (precondition?: Precondition) =>
    database.ledgerTransaction(
      (lt) =>
        postOperation(lt, {
          organizationId: principal.organizationId!,
          input,
          actor: { userId: principal.userId, holderId: principal.holderId },
          requestId: opts.requestId,
          idempotencyKey: key,
          record,
          commit: true,
          // Stored with the effect, in the same transaction: a crash leaves neither or both.
          answer: { scope, key, status: 201, body: responseBody },
        }),
      precondition ? { precondition } : {},
    );

  /** Set once the key is this request's: only then may a failure free it. */
  let claimed = false;
  // A refusal is stored as the key's answer; any other failure frees the key, nothing written.
  const fail = async (err: unknown): Promise<RecordTransactionAnswer> => {
    if (isLedgerError(err)) {
      // The field named as the request names it, so a client can point at what it sent.
      const answer: StoredAnswer = errorAnswer({
        code: err.code,
        message: REQUEST_MESSAGE[err.code] ?? err.message,
        field: err.field && REQUEST_FIELD[err.field],
        details: err.details,
      });
      await completeIdempotencyKey(db, { scope, key, answer });
      return { ...answer, replayed: false };
    }
    if (claimed) await releaseIdempotencyKey(db, { scope, key }).catch(() => undefined);
    throw err;
  };

  let posted: PostedOperation;
  try {
    // The common case, a new key, is claimed in the same round trip as the posting begins.
    posted = await post({
      statement: claimStatement({ scope, key, hash }),
      holds: (inserted: unknown[]) => (claimed = inserted.length > 0),
    });
  } catch (err) {
    if (!isPreconditionFailed(err)) return fail(err);
    // Taken: a replay, another body (422), still in flight (409), or abandoned (taken over).
    const claim = await claimIdempotencyKey(db, { scope, key, hash });
    if (claim.kind === 'replay') return { ...claim.answer, replayed: true };
    claimed = true;
    try {
      posted = await post();
    } catch (e) {
      return fail(e);
    }
  }
  // What was stored, as a replay of this key reads it back.
  return { status: 201, body: posted.storedBody, replayed: false };
}
