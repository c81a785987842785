import { randomUUID } from 'node:crypto';
import {
  planOperation,
  type LedgerState,
  type OperationInput,
  type OperationPlan,
} from '../../ledger';
import type { LedgerTransaction } from '../db/ledger-transaction';
import { answerTemplate } from './answer-template';
import { lockOperationState, type LockedState } from './lock-operation-state';
import { operationWrite, type OperationRecord, type Written } from './operation-write';
import { buildPosted, type OperationContext, type PostedOperation } from './posted-operation';

export type { PostedCertificate, PostedOperation, PostedTransaction } from './posted-operation';

export interface PostOperationOptions {
  organizationId: string;
  input: OperationInput;
  /** Who records it: the signed-in user (and their holder, if any). */
  actor: { userId: string; holderId: string | null };
  requestId?: string | null | undefined;
  idempotencyKey?: string | null | undefined;
  /** What the operation row keeps besides its type and reason: consideration, approval, link. */
  record?: OperationRecord;
  /** The ledger's decision; planOperation unless the caller plans otherwise (a reversal). */
  planner?: Planner;
  /**
   * The operation ends its transaction: on PostgreSQL its write and COMMIT leave in one round
   * trip. Nothing may use the transaction after it.
   */
  commit?: boolean;
  /**
   * The caller's answer, stored under its claimed idempotency key by the operation's write
   * statement, so effect and answer commit together.
   */
  answer?: {
    scope: string;
    key: string;
    status: number;
    body: (posted: PostedOperation) => unknown;
  };
}

/**
 * Posts one entry-form operation inside the caller's ledger transaction: lock the rows it stands
 * on, let the ledger plan it (a LedgerError rolls everything back), build the one write
 * statement, send it. The new certificates are numbered by that statement.
 */
export async function postOperation(
  lt: LedgerTransaction,
  opts: PostOperationOptions,
): Promise<PostedOperation> {
  const { input, locked, plan } = await lockAndPlan(
    lt,
    opts.organizationId,
    opts.input,
    opts.planner,
  );
  const ctx: OperationContext = {
    organizationId: opts.organizationId,
    operationId: randomUUID(),
    input,
    plan,
    locked,
    newIds: plan.newCertificates.map(() => randomUUID()),
    transactionIds: plan.entries.map(() => randomUUID()),
  };
  const { answer } = opts;
  const write = operationWrite(ctx, {
    actor: opts.actor,
    requestId: opts.requestId ?? null,
    idempotencyKey: opts.idempotencyKey ?? null,
    record: opts.record ?? {},
    ...(answer && {
      answer: { ...answer, template: answerTemplate((n) => answer.body(buildPosted(ctx, n))) },
    }),
  });
  const [[written]] = (await (opts.commit ? lt.finish([write]) : lt.send([write]))) as [[Written]];
  const numbers = written.numbers ?? [];
  const posted = buildPosted(ctx, (i) => ({
    number: numbers[i]!.number,
    certificate: numbers[i]!.label,
  }));
  return written.answered && written.body !== null
    ? { ...posted, storedBody: JSON.parse(written.body) as unknown }
    : posted;
}

export type Planner = (input: OperationInput, state: LedgerState) => OperationPlan;

export interface PlannedPosting {
  input: OperationInput;
  locked: LockedState;
  plan: OperationPlan;
}

/**
 * The first half of a posting: lock the rows the input stands on and let the ledger decide (a
 * LedgerError rolls the transaction back). A preview stops here and writes nothing.
 */
export async function lockAndPlan(
  lt: LedgerTransaction,
  organizationId: string,
  given: OperationInput,
  planner: Planner = planOperation,
  opts: { lock?: boolean } = {},
): Promise<PlannedPosting> {
  const input = normalizeIds(given);
  const locked = await lockOperationState(lt, organizationId, input, opts);
  return { input, locked, plan: planner(input, locked.state) };
}

/** Ids compare in lower case, as PostgreSQL returns them. */
function normalizeIds(input: OperationInput): OperationInput {
  const lower = (id: string | null | undefined) => (typeof id === 'string' ? id.toLowerCase() : id);
  return {
    ...input,
    holderId: lower(input.holderId) ?? input.holderId,
    toHolderId: lower(input.toHolderId),
    originCertificateIds: input.originCertificateIds?.map((id) => id.toLowerCase()),
  };
}
