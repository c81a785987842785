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
import type { Tx } from '../db/database';
import { formatTenThousandths, toHundredths } from './amounts';
import { certificateLabel } from './certificate-label';
import { rows } from './sql';

export interface PostOperationOptions {
  organizationId: string;
  input: OperationInput;
  /** Who records it: the signed-in user (and their holder, if any). */
  actor: { userId: string; holderId: string | null };
  requestId?: string | null | undefined;
  idempotencyKey?: string | null | undefined;
  /**
   * The caller's answer, stored under its claimed idempotency key by the same statement that
   * takes the certificate numbers: the organization row lock those numbers need is then held for
   * one statement and the commit, not for another round trip (docs/decisions/020).
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
  /** The stored answer's body (with the real certificate numbers), when `answer` was given. */
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
 * planOperation to decide (a LedgerError rolls everything back); writes the operation, the kept
 * balances, the audit entry; and last, under the organization row lock that hands out certificate
 * numbers (held only for the final inserts), the new certificates and the transactions.
 */
export async function postOperation(tx: Tx, opts: PostOperationOptions): Promise<PostedOperation> {
  const { organizationId, input } = opts;
  const originIds = uniqueUuids(input.originCertificateIds ?? []);

  const origins =
    originIds.length === 0
      ? []
      : await rows<LockedCertificate>(
          tx,
          sql`select c.id, c.holder_id, cls.class_type, c.balance::text as balance,
                     c.effective_date::text as effective_date, c.cost::text as cost, c.number,
                     cls.prefix
                from certificate c join share_class cls on cls.id = c.class_id
               where c.id in ${originIds} and c.organization_id = ${organizationId}
               order by c.id
                 for update of c`,
        );

  const holderIds = uniqueUuids([
    input.holderId,
    input.type === 'Transfer' ? input.toHolderId : null,
    ...origins.map((o) => o.holder_id),
  ]);
  const holders =
    holderIds.length === 0
      ? []
      : await rows<LockedHolder>(
          tx,
          sql`select id, name, active, common_shares::text as common_shares,
                     preferred_shares::text as preferred_shares, held_cost::text as held_cost
                from shareholder
               where id in ${holderIds} and organization_id = ${organizationId}
               order by id
                 for update`,
        );

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

  /** The posted operation, given how the i-th new certificate is numbered and labelled. */
  const describe = (
    numberOf: (i: number) => number,
    labelOfNew: (i: number, classType: ClassType) => string,
  ): PostedOperation => {
    const newIndex = new Map<string, number>(
      plan.newCertificates.map((c, i) => [newIds.get(c.ref)!, i]),
    );
    const labelOf = (id: string | null): string | null => {
      if (id === null) return null;
      const origin = originById.get(id);
      if (origin) return certificateLabel(origin.prefix, origin.number);
      const i = newIndex.get(id);
      return i === undefined ? null : labelOfNew(i, plan.newCertificates[i]!.classType);
    };
    const certificates = plan.newCertificates.map((c, i): PostedCertificate => {
      const id = newIds.get(c.ref)!;
      return {
        id,
        number: numberOf(i),
        certificate: labelOfNew(i, c.classType),
        classType: c.classType,
        holderId: c.holderId,
        holderName: holderById.get(c.holderId)?.name ?? '',
        balance: formatAmount(newBalances.get(c.ref) ?? 0n),
        cost: formatAmount(c.cost),
        effectiveDate: c.effectiveDate,
        origin: labelOf(c.originCertificateId),
      };
    });
    const transactions = plan.entries.map((entry, i): PostedTransaction => {
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
    });
    return { operationId, type: plan.operation, certificates, transactions };
  };

  // Every write in one statement (one round trip): the operation, the kept balances (sorted by
  // id, the order the rows were locked in), the audit entry, and last the certificate numbers
  // under the organization row lock, kept until commit. The new certificates' class ids and
  // prefixes come from share_class in the same statement.
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
  const count = plan.newCertificates.length;
  if (count > 0)
    writes.push(
      sql`numbers as (
            update organization set next_certificate_number = next_certificate_number + ${count}
             where id = ${organizationId}
         returning next_certificate_number - ${count} as first)`,
      sql`new_certificates as (
            insert into certificate
              (id, organization_id, number, holder_id, class_id, effective_date,
               origin_certificate_id, balance, cost)
            select v.id, ${organizationId}, numbers.first + v.ord, v.holder_id, cls.id,
                   v.effective_date, v.origin, v.balance, v.cost
              from (values ${sql.join(
                plan.newCertificates.map(
                  (c, i) =>
                    sql`(${newIds.get(c.ref)!}::uuid, ${i}::int, ${c.holderId}::uuid,
                         ${c.classType}::text, ${c.effectiveDate}::date,
                         ${c.originCertificateId}::uuid,
                         ${formatAmount(newBalances.get(c.ref) ?? 0n)}::numeric,
                         ${formatAmount(c.cost)}::numeric)`,
                ),
                sql`, `,
              )}) as v(id, ord, holder_id, class_type, effective_date, origin, balance, cost)
             cross join numbers
              join share_class cls
                on cls.organization_id = ${organizationId} and cls.class_type = v.class_type)`,
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
  if (opts.answer) {
    // The body is built with stand-ins for the numbers the statement takes; jsonb_set puts the
    // real ones (and their labels) in place as it stores the answer.
    // A new certificate's label before its number is known: unique to this call, so no name
    // or other text in the body can be taken for it.
    const standIn = `\u{E000}${randomUUID()}:`;
    const body = opts.answer.body(
      describe(
        (i) => -(i + 1),
        (i) => `${standIn}${i}`,
      ),
    );
    let stored: SQL = sql`${JSON.stringify(body)}::jsonb`;
    for (const patch of standInPaths(body, standIn)) {
      const number = sql`((select first from numbers) + ${patch.index}::int)`;
      const value =
        patch.kind === 'number'
          ? sql`to_jsonb(${number})`
          : sql`to_jsonb((select prefix from share_class
                           where organization_id = ${organizationId}
                             and class_type = ${plan.newCertificates[patch.index]!.classType})
                         || ${number}::text)`;
      stored = sql`jsonb_set(${stored}, ${`{${patch.path.join(',')}}`}::text[], ${value})`;
    }
    writes.push(
      sql`answer as (
            update idempotency_key
               set state = 'done', response_status = ${opts.answer.status},
                   response_body = ${stored}, locked_until = null
             where scope = ${opts.answer.scope} and key = ${opts.answer.key}
         returning response_body)`,
    );
  }
  const [written] = await rows<{
    first: number | null;
    prefixes: Record<ClassType, string>;
    answer: unknown;
  }>(
    tx,
    sql`with ${sql.join(writes, sql`, `)}
        select ${count > 0 ? sql`(select first from numbers)` : sql`null::int`} as first,
               (select json_object_agg(class_type, prefix) from share_class
                 where organization_id = ${organizationId}) as prefixes,
               ${opts.answer ? sql`(select response_body from answer)` : sql`null::jsonb`} as answer`,
  );
  if (!written || (count > 0 && written.first === null))
    throw new Error(`organization ${organizationId} not found`);

  const posted = describe(
    (i) => written.first! + i,
    (i, classType) => certificateLabel(written.prefixes[classType], written.first! + i),
  );
  return opts.answer ? { ...posted, storedBody: written.answer } : posted;
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

interface StandIn {
  path: string[];
  index: number;
  kind: 'number' | 'label';
}

/**
 * Where a body built by `describe` with stand-ins holds the i-th new certificate's number (-i-1:
 * the body's only numbers are certificate numbers) or label.
 */
function standInPaths(
  value: unknown,
  standIn: string,
  path: string[] = [],
  found: StandIn[] = [],
): StandIn[] {
  if (typeof value === 'number' && Number.isInteger(value) && value < 0)
    found.push({ path, index: -value - 1, kind: 'number' });
  else if (typeof value === 'string' && value.startsWith(standIn))
    found.push({ path, index: Number(value.slice(standIn.length)), kind: 'label' });
  else if (Array.isArray(value))
    value.forEach((v, i) => standInPaths(v, standIn, [...path, String(i)], found));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) standInPaths(v, standIn, [...path, k], found);
  return found;
}
