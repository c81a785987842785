import type { RecordTransactionResponse } from '../../contract/ledger';
import { isLedgerError, type LedgerError } from '../../ledger';
import type { Database } from '../db/open-database';
import { isPreconditionFailed, type Precondition } from '../db/pipelined-transaction';
import { errorAnswer } from '../http/error-answer';
import {
  claimIdempotencyKey,
  claimStatement,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestHash,
  type StoredAnswer,
} from './idempotency';
import type { PostedOperation } from './post-operation';

export interface ExactlyOnceAnswer extends StoredAnswer {
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

export interface ExactlyOnceOptions {
  scope: string;
  key: string;
  /** What the request asked, hashed: the same key with another request is refused. */
  request: unknown;
  /** The posting, storing its answer under the key; claiming the key first when given one. */
  post: (precondition?: Precondition) => Promise<PostedOperation>;
  /** A ledger refusal in the request's terms (its field named as the request names it). */
  refusal: (err: LedgerError) => StoredAnswer;
  /** Told once the operation has committed (never on a replay): the holders' notices. */
  committed?: ((posted: PostedOperation) => void) | undefined;
}

/**
 * A posting exactly once per Idempotency-Key (checklist LED-08): the first answer, a refusal
 * included, is stored and replayed for the same key and request; the success is stored in the
 * same database transaction as its effect, so a crash leaves neither or both. Any other failure
 * frees the key and is thrown.
 */
export async function postExactlyOnce(
  database: Database,
  opts: ExactlyOnceOptions,
): Promise<ExactlyOnceAnswer> {
  const { scope, key } = opts;
  const hash = requestHash(opts.request);
  /** Set once the key is this request's: only then may a failure free it. */
  let claimed = false;
  const fail = async (err: unknown): Promise<ExactlyOnceAnswer> => {
    if (isLedgerError(err)) {
      const answer = opts.refusal(err);
      await completeIdempotencyKey(database.db, { scope, key, answer });
      return { ...answer, replayed: false };
    }
    if (claimed) await releaseIdempotencyKey(database.db, { scope, key }).catch(() => undefined);
    throw err;
  };
  let posted: PostedOperation;
  try {
    // The common case, a new key, is claimed in the same round trip as the posting begins.
    posted = await opts.post({
      statement: claimStatement({ scope, key, hash }),
      holds: (inserted: unknown[]) => (claimed = inserted.length > 0),
    });
  } catch (err) {
    if (!isPreconditionFailed(err)) return fail(err);
    // Taken: a replay, another body (422), still in flight (409), or abandoned (taken over).
    const claim = await claimIdempotencyKey(database.db, { scope, key, hash });
    if (claim.kind === 'replay') return { ...claim.answer, replayed: true };
    claimed = true;
    try {
      posted = await opts.post();
    } catch (e) {
      return fail(e);
    }
  }
  opts.committed?.(posted);
  // What was stored, as a replay of this key reads it back.
  return { status: 201, body: posted.storedBody, replayed: false };
}

/** A ledger refusal as an answer, named in the request's terms by `field`. */
export const refusalAnswer = (
  err: LedgerError,
  field: string | undefined,
  message = err.message,
): StoredAnswer => errorAnswer({ code: err.code, message, field, details: err.details });

/** The answer to a recorded operation: what it created, with the certificates' printed numbers. */
export function recordedAnswer(
  posted: PostedOperation,
  links: { reversesOperationId?: string | null } = {},
): RecordTransactionResponse {
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
    ...(links.reversesOperationId ? { reversesOperationId: links.reversesOperationId } : {}),
  };
}
