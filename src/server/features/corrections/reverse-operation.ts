import { sql } from 'drizzle-orm';
import { correctionMessages } from '../../../contract/corrections';
import {
  planReversal,
  reversalInput,
  todayIn,
  type OperationType,
  type OriginalEntry,
  type OriginalOperation,
} from '../../../ledger';
import type { LedgerTransaction } from '../../db/ledger-transaction';
import type { Database } from '../../db/open-database';
import { AppError } from '../../http/app-error';
import { refusalAnswer, type ExactlyOnceAnswer } from '../../ledger-store/exactly-once';
import { postAsCaller } from '../../ledger-store/post-as-caller';
import type { Principal } from '../../plugins/access-control';
import type { OperationNotices } from '../../notices/operation-notices';

export interface ReverseOperationOptions {
  principal: Principal;
  operationId: string;
  reason: string;
  idempotencyKey: string;
  requestId: string;
  /** The holders' e-mail notices, started once the reversal has committed (not on a replay). */
  notices: Pick<OperationNotices, 'send'> | null;
}

const notFound = () =>
  new AppError({ code: 'OPERATION.NOT_FOUND', message: correctionMessages.operationNotFound });

/**
 * The operation to reverse, its row locked first (so two reversals of it queue, and the second
 * reads the first's link), then its link and transactions, each statement after the lock.
 */
async function lockOriginal(
  lt: LedgerTransaction,
  organizationId: string,
  operationId: string,
): Promise<OriginalOperation> {
  const [[operation], [reversal], entries] = (await lt.send([
    sql`select id, type, reverses_operation_id from ledger_operation
         where id = ${operationId} and organization_id = ${organizationId} for update`,
    sql`select id from ledger_operation where reverses_operation_id = ${operationId}`,
    sql`select certificate_id, holder_id, type, shares::text as shares, cost::text as cost,
               certificate_cost::text as certificate_cost, preferred
          from share_transaction where operation_id = ${operationId}
         order by transaction_order`,
  ])) as [
    { id: string; type: OperationType; reverses_operation_id: string | null }[],
    { id: string }[],
    {
      certificate_id: string;
      holder_id: string;
      type: OriginalEntry['type'];
      shares: string;
      cost: string;
      certificate_cost: string;
      preferred: boolean;
    }[],
  ];
  if (!operation) throw notFound();
  return {
    id: operation.id,
    type: operation.type,
    reversesOperationId: operation.reverses_operation_id,
    reversedByOperationId: reversal?.id ?? null,
    entries: entries.map((e) => ({
      certificateId: e.certificate_id,
      holderId: e.holder_id,
      type: e.type,
      shares: e.shares,
      cost: e.cost,
      certificateCost: e.certificate_cost,
      preferred: e.preferred,
    })),
  };
}

/**
 * POST /api/v1/operations/:id/reverse (decision 122): posts the operation's inverse as a new
 * operation linked to it (ledger_operation.reverses_operation_id), dated the company's today,
 * exactly once per Idempotency-Key as POST /api/v1/transactions. The original stays. Refused,
 * writing nothing, when it was already reversed, is itself a reversal, has no inverse the
 * ledger can express, or when its shares have since moved (LEDGER.REVERSAL_BLOCKED).
 */
export async function reverseOperation(
  database: Database,
  opts: ReverseOperationOptions,
): Promise<ExactlyOnceAnswer> {
  const { principal } = opts;
  const organizationId = principal.organizationId;
  if (organizationId === null) throw new Error('administrator without an organization');
  const today = todayIn(principal.timeZone);
  const reversesOperationId = opts.operationId.toLowerCase();
  return postAsCaller(database, {
    ...opts,
    request: { reverse: reversesOperationId, Reason: opts.reason },
    refusal: (err) => refusalAnswer(err, err.field === 'reason' ? 'Reason' : undefined),
    // The original is read after its row is locked, inside the reversal's transaction.
    operation: async (lt) => {
      const original = await lockOriginal(lt, organizationId, reversesOperationId);
      return {
        input: reversalInput(original, { today, reason: opts.reason }),
        planner: planReversal,
        record: { reversesOperationId },
      };
    },
  });
}
