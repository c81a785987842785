import type { LedgerError } from '../../ledger';
import type { LedgerTransaction } from '../db/ledger-transaction';
import type { Database } from '../db/open-database';
import type { Precondition } from '../db/pipelined-transaction';
import type { OperationNotices } from '../notices/operation-notices';
import type { Principal } from '../plugins/access-control';
import { postExactlyOnce, recordedAnswer, type ExactlyOnceAnswer } from './exactly-once';
import type { StoredAnswer } from './idempotency';
import { postOperation, type PostOperationOptions } from './post-operation';

/** What one operation posts: read inside its transaction, after any row it stands on is locked. */
export type CallerOperation = Pick<PostOperationOptions, 'input' | 'planner' | 'record'>;

export interface PostAsCallerOptions {
  principal: Principal;
  idempotencyKey: string;
  requestId: string;
  /** The holders' e-mail notices, started once the operation has committed (never on a replay). */
  notices: Pick<OperationNotices, 'send'> | null;
  /** What the key is bound to: the same key with another request is refused. */
  request: unknown;
  /** A ledger refusal in the request's terms. */
  refusal: (err: LedgerError) => StoredAnswer;
  operation: (lt: LedgerTransaction) => Promise<CallerOperation>;
}

/**
 * One operation a signed-in caller posts (the entry form, the gateway's Transfer, a reversal),
 * exactly once per Idempotency-Key (checklist LED-08): its answer is stored by the same statement
 * as its effect, a refusal is stored and replayed, and the notices go out once it has committed.
 */
export async function postAsCaller(
  database: Database,
  opts: PostAsCallerOptions,
): Promise<ExactlyOnceAnswer> {
  const { principal, idempotencyKey: key } = opts;
  const organizationId = principal.organizationId;
  if (organizationId === null) throw new Error('administrator without an organization');
  const scope = `user:${principal.userId}`;
  const post = (precondition?: Precondition) =>
    database.ledgerTransaction(
      async (lt) => {
        const operation = await opts.operation(lt);
        const links = { reversesOperationId: operation.record?.reversesOperationId ?? null };
        return postOperation(lt, {
          ...operation,
          organizationId,
          actor: { userId: principal.userId, holderId: principal.holderId },
          requestId: opts.requestId,
          idempotencyKey: key,
          commit: true,
          answer: { scope, key, status: 201, body: (posted) => recordedAnswer(posted, links) },
        });
      },
      precondition ? { precondition } : {},
    );
  return postExactlyOnce(database, {
    scope,
    key,
    request: opts.request,
    post,
    refusal: opts.refusal,
    // Committed: the notices go out after the answer, and never fail it (decision 123).
    committed: (posted) => opts.notices?.send({ organizationId, operationId: posted.operationId }),
  });
}
