import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  formatAmount,
  planOperation,
  type CertificateState,
  type ClassType,
  type HolderState,
  type OperationInput,
  type OperationPlan,
} from '../../ledger';
import type { Db, Tx } from '../db/database';
import { formatTenThousandths, toHundredths } from './amounts';
import { certificateLabel } from './certificate-label';
import {
  fillInNumbers,
  newStandIn,
  numbersOf,
  withNumbers,
  type NumberedCertificate,
  type PendingNumbers,
} from './certificate-numbers';
import { pipelineOf } from './pipelined-transaction';
import { rows } from './sql';

export interface PostOperationOptions {
  organizationId: string;
  input: OperationInput;
  /** Who records it: the signed-in user (and their holder, if any). */
  actor: { userId: string; holderId: string | null };
  requestId?: string | null | undefined;
  idempotencyKey?: string | null | undefined;
  /**
   * The operation ends its transaction: on a pipelined transaction (runLedgerTransaction on
   * PostgreSQL) its write, which numbers the new certificates, and COMMIT go in one round trip,
   * and the answer comes back numbered. Nothing may use `tx` after it.
   */
  commit?: boolean;
  /**
   * The caller's answer, stored under its claimed idempotency key by the operation's write
   * statement, so effect and answer commit together. It is built from the posted operation with
   * stand-ins for the new certificates' numbers (certificate-numbers.ts).
   */
  answer?: {
    scope: string;
    key: string;
    status: number;
    body: (posted: PostedOperation) => unknown;
  };
}

export interface PostedCertificate {
  id: string;
  number: number;
  certificate: string;
  classType: ClassType;
  holderId: string;
  holderName: string;
  balance: string;
  cost: string;
  effectiveDate: string;
  origin: string | null;
}

export interface PostedTransaction {
  id: string;
  certificateId: string;
  certificate: string;
  holderId: string;
  type: string;
  shares: string;
  cost: string;
  date: string;
  origin: string | null;
  originCertificateId: string | null;
  preferred: boolean;
}

export interface PostedOperation {
  operationId: string;
  type: OperationInput['type'];
  certificates: PostedCertificate[];
  transactions: PostedTransaction[];
  /** Where the new certificates' numbers go once the transaction has committed. */
  pending: PendingNumbers;
  /**
   * The stored answer's body, when `answer` was given and its key was claimed: with stand-ins,
   * or numbered when the operation committed its transaction (`commit`).
   */
  storedBody?: unknown;
}

interface LockedCertificate {
  id: string;
  holder_id: string;
  class_type: ClassType;
  balance: string;
  effective_date: string;
  cost: string;
  number: number;
  prefix: string;
}

interface LockedHolder {
  id: string;
  name: string;
  active: boolean;
  common_shares: string;
  preferred_shares: string;
  held_cost: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uniqueUuids = (ids: Iterable<string | null | undefined>): string[] =>
  [...new Set([...ids].filter((id): id is string => typeof id === 'string' && UUID.test(id)))]
    .map((id) => id.toLowerCase())
    .sort();

interface HolderDelta {
  common: bigint;
  preferred: bigint;
  /** Shares × acquisition price, ten-thousandths of a USD. */
  heldCost: bigint;
}

/**
 * Posts one entry-form operation inside the caller's transaction (checklist LED-06/07/09):
 * locks the origin certificates, then the holders involved, each in ascending id order; asks
 * planOperation to decide (a LedgerError rolls everything back); then writes the operation, the
 * kept balances, the audit entry, the new certificates and the transactions in one statement.
 * Unless `commit` ends a pipelined transaction, the new certificates are numbered as the
 * transaction commits, and the answer holds stand-ins until `postedWithNumbers` fills them in.
 */
export async function postOperation(tx: Tx, opts: PostOperationOptions): Promise<PostedOperation> {
  const { organizationId, input } = opts;
  const originIds = uniqueUuids(input.originCertificateIds ?? []);

  const holderIds = uniqueUuids([
    input.holderId,
    input.type === 'Transfer' ? input.toHolderId : null,
  ]);
  // The origins, then their holders and the parties named: each set locked in ascending id
  // order, certificates before holders, in one round trip on PostgreSQL.
  const locks: SQL[] = [];
  if (originIds.length > 0)
    locks.push(
      sql`select c.id, c.holder_id, cls.class_type, c.balance::text as balance,
                 c.effective_date::text as effective_date, c.cost::text as cost, c.number,
                 cls.prefix
            from certificate c join share_class cls on cls.id = c.class_id
           where c.id in ${originIds} and c.organization_id = ${organizationId}
           order by c.id
             for update of c`,
    );
  if (originIds.length > 0 || holderIds.length > 0)
    locks.push(
      sql`select id, name, active, common_shares::text as common_shares,
                 preferred_shares::text as preferred_shares, held_cost::text as held_cost
            from shareholder
           where organization_id = ${organizationId}
             and id in (${sql.join(
               [
                 ...(holderIds.length > 0
                   ? [sql`select id from shareholder where id in ${holderIds}`]
                   : []),
                 ...(originIds.length > 0
                   ? [
                       sql`select holder_id from certificate
                            where id in ${originIds} and organization_id = ${organizationId}`,
                     ]
                   : []),
               ],
               sql` union `,
             )})
           order by id
             for update`,
    );
  const locked = await send(tx, locks);
  const origins = (originIds.length > 0 ? locked[0]! : []) as LockedCertificate[];
  const holders = (locked[originIds.length > 0 ? 1 : 0] ?? []) as LockedHolder[];

  const certificateStates = new Map<string, CertificateState>(
    origins.map((o) => [
      o.id,
      {
        id: o.id,
        holderId: o.holder_id,
        classType: o.class_type,
        balance: toHundredths(o.balance),
        effectiveDate: o.effective_date,
        cost: toHundredths(o.cost),
      },
    ]),
  );
  const holderStates = new Map<string, HolderState>(
    holders.map((h) => [h.id, { id: h.id, active: h.active }]),
  );
  const plan = planOperation(normalizeIds(input), {
    holders: holderStates,
    certificates: certificateStates,
  });

  const operationId = randomUUID();
  const newIds = new Map(plan.newCertificates.map((c) => [c.ref, randomUUID()]));
  const originById = new Map(origins.map((o) => [o.id, o]));
  const holderById = new Map(holders.map((h) => [h.id, h]));

  // Kept figures move by exactly the planned entries, valued at each certificate's own price.
  const certificateDeltas = new Map<string, bigint>();
  const holderDeltas = new Map<string, HolderDelta>();
  const newBalances = new Map<string, bigint>();
  for (const entry of plan.entries) {
    let price: bigint;
    if ('existingId' in entry.certificate) {
      const id = entry.certificate.existingId;
      certificateDeltas.set(id, (certificateDeltas.get(id) ?? 0n) + entry.shares);
      price = certificateStates.get(id)?.cost ?? 0n;
    } else {
      const ref = entry.certificate.newRef;
      newBalances.set(ref, (newBalances.get(ref) ?? 0n) + entry.shares);
      price = plan.newCertificates.find((c) => c.ref === ref)?.cost ?? 0n;
    }
    const delta = holderDeltas.get(entry.holderId) ?? { common: 0n, preferred: 0n, heldCost: 0n };
    if (entry.preferred) delta.preferred += entry.shares;
    else delta.common += entry.shares;
    delta.heldCost += entry.shares * price;
    holderDeltas.set(entry.holderId, delta);
  }
  const certificateIdOf = (entry: OperationPlan['entries'][number]) =>
    'existingId' in entry.certificate
      ? entry.certificate.existingId
      : newIds.get(entry.certificate.newRef)!;
  const transactionIds = plan.entries.map(() => randomUUID());

  // Numbers are taken at commit (migration 0004): until then the i-th new certificate is
  // -(i + 1), labelled `${standIn}${i}`; fillInNumbers puts the real ones in place.
  const pending: PendingNumbers = {
    standIn: newStandIn(),
    certificateIds: plan.newCertificates.map((c) => newIds.get(c.ref)!),
  };
  const pendingIndex = new Map<string, number>(pending.certificateIds.map((id, i) => [id, i]));
  const labelOf = (id: string | null): string | null => {
    if (id === null) return null;
    const origin = originById.get(id);
    // An origin made earlier in this same transaction has no number yet either.
    if (origin && origin.number > 0) return certificateLabel(origin.prefix, origin.number);
    if (origin && !pendingIndex.has(id)) {
      pendingIndex.set(id, pending.certificateIds.length);
      pending.certificateIds.push(id);
    }
    const i = pendingIndex.get(id);
    return i === undefined ? null : `${pending.standIn}${i}`;
  };
  const posted: PostedOperation = {
    operationId,
    type: plan.operation,
    pending,
    certificates: plan.newCertificates.map((c, i) => ({
      id: pending.certificateIds[i]!,
      number: -(i + 1),
      certificate: `${pending.standIn}${i}`,
      classType: c.classType,
      holderId: c.holderId,
      holderName: holderById.get(c.holderId)?.name ?? '',
      balance: formatAmount(newBalances.get(c.ref) ?? 0n),
      cost: formatAmount(c.cost),
      effectiveDate: c.effectiveDate,
      origin: labelOf(c.originCertificateId),
    })),
    transactions: plan.entries.map((entry, i) => {
      const certificateId = certificateIdOf(entry);
      return {
        id: transactionIds[i]!,
        certificateId,
        certificate: labelOf(certificateId) ?? '',
        holderId: entry.holderId,
        type: entry.type,
        shares: formatAmount(entry.shares),
        cost: formatAmount(entry.cost),
        date: plan.date,
        origin: labelOf(entry.originCertificateId),
        originCertificateId: entry.originCertificateId,
        preferred: entry.preferred,
      };
    }),
  };

  // Every write in one statement (one round trip): the operation, the kept balances (sorted by
  // id, the order the rows were locked in), the audit entry, the new certificates (their class
  // ids from share_class, in plan order), the transactions and the answer. The certificates are
  // numbered by this statement when COMMIT leaves with it (a pipelined transaction): the
  // organization row it locks is then held only until that COMMIT, already on its way. Else they
  // get stand-in numbers from a sequence, and the commit numbers them (migration 0004).
  const pipeline = opts.commit ? pipelineOf(tx) : undefined;
  // (Not when an origin made earlier in this transaction is still to be numbered by the commit:
  // numbers follow the order certificates were made in.)
  const numberNow =
    pipeline !== undefined &&
    plan.newCertificates.length > 0 &&
    pending.certificateIds.length === plan.newCertificates.length;
  const writes: SQL[] = [
    sql`operation as (
          insert into ledger_operation
            (id, organization_id, type, recorded_by, request_id, idempotency_key, reason)
          values (${operationId}, ${organizationId}, ${plan.operation}, ${opts.actor.userId},
                  ${opts.requestId ?? null}, ${opts.idempotencyKey ?? null}, ${plan.reason}))`,
  ];
  const certificateUpdates = [...certificateDeltas].sort(([a], [b]) => (a < b ? -1 : 1));
  if (certificateUpdates.length > 0)
    writes.push(
      sql`certificates as (
            update certificate set balance = certificate.balance + v.delta
              from (values ${sql.join(
                certificateUpdates.map(
                  ([id, d]) => sql`(${id}::uuid, ${formatAmount(d)}::numeric)`,
                ),
                sql`, `,
              )}) as v(id, delta)
             where certificate.id = v.id)`,
    );
  const holderUpdates = [...holderDeltas].sort(([a], [b]) => (a < b ? -1 : 1));
  writes.push(
    sql`holders as (
          update shareholder
             set common_shares = shareholder.common_shares + v.common,
                 preferred_shares = shareholder.preferred_shares + v.preferred,
                 balance = shareholder.balance + v.common + v.preferred,
                 held_cost = shareholder.held_cost + v.held_cost
            from (values ${sql.join(
              holderUpdates.map(
                ([id, d]) =>
                  sql`(${id}::uuid, ${formatAmount(d.common)}::numeric, ${formatAmount(
                    d.preferred,
                  )}::numeric, ${formatTenThousandths(d.heldCost)}::numeric)`,
              ),
              sql`, `,
            )}) as v(id, common, preferred, held_cost)
           where shareholder.id = v.id)`,
    sql`audit as (
          insert into audit_entry
            (organization_id, actor_user_id, actor_holder_id, action, entity_type, entity_id,
             operation_id, request_id, reason, before, after)
          values (${organizationId}, ${opts.actor.userId}, ${opts.actor.holderId},
                  ${`ledger.${plan.operation}`}, 'ledger_operation', ${operationId}, ${operationId},
                  ${opts.requestId ?? null}, ${plan.reason},
                  ${JSON.stringify(auditBefore(origins, holders, holderDeltas))}::jsonb,
                  ${JSON.stringify(auditAfter(plan, input, newIds, origins, holders, certificateDeltas, holderDeltas))}::jsonb))`,
  );
  if (plan.newCertificates.length > 0)
    writes.push(
      ...(numberNow
        ? [
            sql`numbers as (
                  update organization
                     set next_certificate_number =
                           next_certificate_number + ${plan.newCertificates.length}
                   where id = ${organizationId}
               returning next_certificate_number - ${plan.newCertificates.length} as first)`,
          ]
        : []),
      sql`new_certificates as (
            insert into certificate
              (id, organization_id, number, holder_id, class_id, effective_date,
               origin_certificate_id, balance, cost)
            select v.id, ${organizationId},
                   ${
                     numberNow
                       ? sql`(select first from numbers) + v.ord`
                       : sql`-nextval('certificate_number_stand_in')`
                   },
                   v.holder_id, cls.id, v.effective_date, v.origin, v.balance, v.cost
              from (values ${sql.join(
                plan.newCertificates.map(
                  (c, i) =>
                    sql`(${pending.certificateIds[i]!}::uuid, ${i}::int, ${c.holderId}::uuid,
                         ${c.classType}::text, ${c.effectiveDate}::date,
                         ${c.originCertificateId}::uuid,
                         ${formatAmount(newBalances.get(c.ref) ?? 0n)}::numeric,
                         ${formatAmount(c.cost)}::numeric)`,
                ),
                sql`, `,
              )}) as v(id, ord, holder_id, class_type, effective_date, origin, balance, cost)
              join share_class cls
                on cls.organization_id = ${organizationId} and cls.class_type = v.class_type
             order by v.ord
         returning id, number, class_id)`,
    );
  writes.push(
    sql`transactions as (
          insert into share_transaction
            (id, operation_id, certificate_id, preferred, origin_certificate_id, shares, type,
             date, notes, cost, reason, recorded_by)
          values ${sql.join(
            plan.entries.map(
              (e, i) =>
                sql`(${transactionIds[i]!}, ${operationId}, ${certificateIdOf(e)}, ${e.preferred},
                     ${e.originCertificateId}, ${formatAmount(e.shares)}, ${e.type}, ${plan.date},
                     ${plan.notes ?? ''}, ${formatAmount(e.cost)}, ${plan.reason},
                     ${opts.actor.userId})`,
            ),
            sql`, `,
          )})`,
  );
  const storedBody = opts.answer?.body(posted);
  if (opts.answer)
    writes.push(
      sql`answer as (
            update idempotency_key
               set state = 'done', response_status = ${opts.answer.status},
                   response_body = ${JSON.stringify(storedBody)},
                   stand_in = ${pending.standIn},
                   pending_certificates = ${sql.param(pending.certificateIds)}::uuid[],
                   locked_until = null
             where scope = ${opts.answer.scope} and key = ${opts.answer.key}
         returning response_body)`,
    );
  const write = sql`with ${sql.join(writes, sql`, `)}
        select ${opts.answer ? sql`exists (select from answer)` : sql`false`} as answered,
               ${
                 numberNow
                   ? sql`(select json_agg(json_build_object('id', n.id, 'number', n.number,
                                                            'prefix', cls.prefix))
                            from new_certificates n join share_class cls on cls.id = n.class_id)`
                   : sql`null::json`
               } as numbers`;
  if (!pipeline) {
    const [written] = await rows<{ answered: boolean }>(tx, write);
    return written?.answered ? { ...posted, storedBody } : posted;
  }
  // The write and COMMIT; then, if the commit numbered the certificates, the read of the numbers.
  const readAfter = !numberNow && pending.certificateIds.length > 0;
  const { inside, after } = await pipeline.commitWith(
    [write],
    readAfter ? [numbersOf(pending.certificateIds)] : [],
  );
  const written = inside[0]![0] as { answered: boolean; numbers: NumberedCertificate[] | null };
  const found = readAfter ? (after[0] as NumberedCertificate[]) : (written.numbers ?? []);
  const numbered = withNumbers(posted, pending, found);
  return {
    ...numbered,
    pending: { standIn: pending.standIn, certificateIds: [] },
    // Built from the numbered operation, it is what a replay makes of the stored one.
    ...(written.answered ? { storedBody: opts.answer!.body(numbered) } : {}),
  };
}

/** Runs statements in order: together on a pipelined transaction, else one after another. */
async function send(tx: Tx, statements: SQL[]): Promise<unknown[][]> {
  const pipeline = pipelineOf(tx);
  if (pipeline) return pipeline.send(statements);
  const results: unknown[][] = [];
  for (const statement of statements) results.push(await rows(tx, statement));
  return results;
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

function auditBefore(
  origins: LockedCertificate[],
  holders: LockedHolder[],
  holderDeltas: Map<string, HolderDelta>,
) {
  return {
    certificates: Object.fromEntries(origins.map((o) => [o.id, { balance: o.balance }])),
    holders: Object.fromEntries(
      holders
        .filter((h) => holderDeltas.has(h.id))
        .map((h) => [
          h.id,
          { common: h.common_shares, preferred: h.preferred_shares, heldCost: h.held_cost },
        ]),
    ),
  };
}

function auditAfter(
  plan: OperationPlan,
  input: OperationInput,
  newIds: Map<string, string>,
  origins: LockedCertificate[],
  holders: LockedHolder[],
  certificateDeltas: Map<string, bigint>,
  holderDeltas: Map<string, HolderDelta>,
) {
  return {
    request: {
      type: input.type,
      holderId: input.holderId,
      toHolderId: input.toHolderId ?? null,
      date: input.date,
      shares: input.shares,
      cost: input.cost ?? null,
      originCertificateIds: input.originCertificateIds ?? [],
      classType: input.classType ?? null,
      notes: plan.notes,
    },
    certificates: Object.fromEntries(
      origins
        .filter((o) => certificateDeltas.has(o.id))
        .map((o) => [
          o.id,
          { balance: formatAmount(toHundredths(o.balance) + certificateDeltas.get(o.id)!) },
        ]),
    ),
    newCertificates: plan.newCertificates.map((c) => ({
      id: newIds.get(c.ref),
      holderId: c.holderId,
      classType: c.classType,
      origin: c.originCertificateId,
      cost: formatAmount(c.cost),
    })),
    holders: Object.fromEntries(
      holders
        .filter((h) => holderDeltas.has(h.id))
        .map((h) => {
          const d = holderDeltas.get(h.id)!;
          return [
            h.id,
            {
              common: formatAmount(toHundredths(h.common_shares) + d.common),
              preferred: formatAmount(toHundredths(h.preferred_shares) + d.preferred),
            },
          ];
        }),
    ),
    entries: plan.entries.map((e) => ({
      certificate:
        'existingId' in e.certificate ? e.certificate.existingId : newIds.get(e.certificate.newRef),
      type: e.type,
      shares: formatAmount(e.shares),
      cost: formatAmount(e.cost),
    })),
  };
}

/** The posted operation with its new certificates' numbers, once its transaction has committed. */
export const postedWithNumbers = (db: Db, posted: PostedOperation): Promise<PostedOperation> =>
  fillInNumbers(db, posted, posted.pending);
