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
import { isPreconditionFailed, type Precondition } from '../../db/pipelined-transaction';
import type { Principal } from '../../plugins/access-control';
import type { OperationNotices } from '../../notices/operation-notices';

export interface RecordTransactionOptions {
  principal: Principal;
  body: z.output<typeof recordTransactionBody>;
  idempotencyKey: string;
  requestId: string;
  /** The holders' e-mail notices, started once the operation has committed (not on a replay). */
  notices?: Pick<OperationNotices, 'send'> | undefined;
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
  const input = toOperationInput(opts.body, todayIn(principal.timeZone));
  const post = (precondition?: Precondition) =>
    database.ledgerTransaction(
      (lt) =>
        postOperation(lt, {
          organizationId: principal.organizationId!,
          input,
          actor: { userId: principal.userId, holderId: principal.holderId },
          requestId: opts.requestId,
          idempotencyKey: key,
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
  // Committed: the holders' notices go out after the answer, and never fail it (decision 123).
  opts.notices?.send({ organizationId: principal.organizationId, operationId: posted.operationId });
  // What was stored, as a replay of this key reads it back.
  return { status: 201, body: posted.storedBody, replayed: false };
}
