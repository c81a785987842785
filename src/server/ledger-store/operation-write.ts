import { sql, type SQL } from 'drizzle-orm';
import { counterpartiesOf, formatAmount, type PlannedEntry } from '../../ledger';
import { formatTenThousandths } from './amounts';
import { filledAnswer, type AnswerTemplate } from './answer-template';
import { auditAfter, auditBefore } from './operation-audit';
import { certificateIdOf, type OperationContext } from './posted-operation';

/** What an operation row keeps besides its type and reason (issue 25; decision 122). */
export interface OperationRecord {
  /** Total paid, an exact decimal string, with its ISO 4217 currency: both or neither. */
  consideration?: { amount: string; currency: string } | null;
  approvalDate?: string | null;
  approvalReference?: string | null;
  /** The operation this one reverses. */
  reversesOperationId?: string | null;
}

export interface WriteOptions {
  actor: { userId: string; holderId: string | null };
  record?: OperationRecord;
  requestId: string | null;
  idempotencyKey: string | null;
  /** The answer to store under the claimed key, with the statement's numbers filled in. */
  answer?: { scope: string; key: string; status: number; template: AnswerTemplate };
}

/** What the write statement answers: the new certificates' numbers and the stored answer. */
export interface Written {
  answered: boolean;
  numbers: { ord: number; number: number; label: string }[] | null;
  body: string | null;
}

const byId = <T>([a]: [string, T], [b]: [string, T]) => (a < b ? -1 : 1);

function operationRow(ctx: OperationContext, opts: WriteOptions): SQL {
  const { plan } = ctx;
  const r = opts.record ?? {};
  return sql`operation as (
    insert into ledger_operation
      (id, organization_id, type, recorded_by, request_id, idempotency_key, reason,
       consideration, consideration_currency, approval_date, approval_reference,
       reverses_operation_id)
    values (${ctx.operationId}, ${ctx.organizationId}, ${plan.operation}, ${opts.actor.userId},
            ${opts.requestId}, ${opts.idempotencyKey}, ${plan.reason},
            ${r.consideration?.amount ?? null}::numeric, ${r.consideration?.currency ?? null},
            ${r.approvalDate ?? null}::date, ${r.approvalReference ?? null},
            ${r.reversesOperationId ?? null}::uuid))`;
}

/** The kept balances, sorted by id: the order the rows were locked in. */
function balanceUpdates(ctx: OperationContext): SQL[] {
  const { certificateChanges, holderChanges } = ctx.plan.effect;
  const certificates = [...certificateChanges].sort(byId);
  const holders = [...holderChanges].sort(byId);
  const updates: SQL[] = [];
  if (certificates.length > 0)
    updates.push(sql`certificates as (
      update certificate set balance = certificate.balance + v.delta
        from (values ${sql.join(
          certificates.map(([id, d]) => sql`(${id}::uuid, ${formatAmount(d)}::numeric)`),
          sql`, `,
        )}) as v(id, delta)
       where certificate.id = v.id)`);
  updates.push(sql`holders as (
    update shareholder
       set common_shares = shareholder.common_shares + v.common,
           preferred_shares = shareholder.preferred_shares + v.preferred,
           balance = shareholder.balance + v.common + v.preferred,
           held_cost = shareholder.held_cost + v.held_cost
      from (values ${sql.join(
        holders.map(
          ([id, d]) =>
            sql`(${id}::uuid, ${formatAmount(d.common)}::numeric,
                 ${formatAmount(d.preferred)}::numeric, ${formatTenThousandths(d.heldCost)}::numeric)`,
        ),
        sql`, `,
      )}) as v(id, common, preferred, held_cost)
     where shareholder.id = v.id)`);
  return updates;
}

function auditRow(ctx: OperationContext, opts: WriteOptions): SQL {
  const { plan } = ctx;
  return sql`audit as (
    insert into audit_entry
      (organization_id, actor_user_id, actor_holder_id, action, entity_type, entity_id,
       operation_id, request_id, reason, before, after)
    values (${ctx.organizationId}, ${opts.actor.userId}, ${opts.actor.holderId},
            ${opts.record?.reversesOperationId ? 'ledger.Reverse' : `ledger.${plan.operation}`},
            'ledger_operation', ${ctx.operationId}, ${ctx.operationId},
            ${opts.requestId}, ${plan.reason}, ${JSON.stringify(auditBefore(ctx))}::jsonb,
            ${JSON.stringify({ ...auditAfter(ctx), record: opts.record ?? {} })}::jsonb))`;
}

/**
 * The new certificates, numbered here: the organization's counter moves by their count under
 * its row lock (sequential, never reused), and `numbered` gives each its number and label.
 */
function newCertificates(ctx: OperationContext): SQL[] {
  const { plan, organizationId } = ctx;
  const count = plan.newCertificates.length;
  if (count === 0) return [];
  const rows = plan.newCertificates.map(
    (c, i) =>
      sql`(${ctx.newIds[i]!}::uuid, ${i}::int, ${c.holderId}::uuid, ${c.classType}::text,
           ${c.effectiveDate}::date, ${c.originCertificateId}::uuid,
           ${formatAmount(plan.effect.newBalances.get(c.ref) ?? 0n)}::numeric,
           ${formatAmount(c.cost)}::numeric)`,
  );
  return [
    sql`numbers as (
      update organization set next_certificate_number = next_certificate_number + ${count}
       where id = ${organizationId}
   returning next_certificate_number - ${count} as first)`,
    sql`new_certificates as (
      insert into certificate
        (id, organization_id, number, holder_id, class_id, effective_date,
         origin_certificate_id, balance, cost)
      select v.id, ${organizationId}, (select first from numbers) + v.ord, v.holder_id, cls.id,
             v.effective_date, v.origin, v.balance, v.cost
        from (values ${sql.join(rows, sql`, `)})
             as v(id, ord, holder_id, class_type, effective_date, origin, balance, cost)
        join share_class cls
          on cls.organization_id = ${organizationId} and cls.class_type = v.class_type
       order by v.ord
   returning id, number, class_id)`,
    sql`numbered as (
      select n.number - (select first from numbers) as ord, n.number, cls.prefix,
             cls.prefix || n.number as label
        from new_certificates n join share_class cls on cls.id = n.class_id)`,
  ];
}

/**
 * What a statement prints of an entry's certificate (decision 087): a locked origin's own
 * figures, or a new certificate's, whose number and prefix come from `numbered`.
 */
function certificateCopy(ctx: OperationContext, e: PlannedEntry): SQL {
  const { plan, locked } = ctx;
  if ('existingId' in e.certificate) {
    const { existingId } = e.certificate;
    const c = locked.origins.find((o) => o.id === existingId)!;
    return sql`${c.holder_id}::uuid, ${c.number}::int, ${c.prefix}, ${c.cost}::numeric`;
  }
  const { newRef } = e.certificate;
  const ord = plan.newCertificates.findIndex((c) => c.ref === newRef);
  const c = plan.newCertificates[ord]!;
  return sql`${c.holderId}::uuid, (select number from numbered where ord = ${ord}::int),
             (select prefix from numbered where ord = ${ord}::int), ${formatAmount(c.cost)}::numeric`;
}

/** The origin's number and prefix as printed, from the locked origins (every origin is one). */
function originCopy(ctx: OperationContext, e: PlannedEntry): SQL {
  const origin = ctx.locked.origins.find((o) => o.id === e.originCertificateId);
  return origin ? sql`${origin.number}::int, ${origin.prefix}` : sql`null::int, null::text`;
}

function transactionRows(ctx: OperationContext, opts: WriteOptions): SQL {
  const { plan } = ctx;
  const counterparties = counterpartiesOf(plan.entries);
  return sql`transactions as (
    insert into share_transaction
      (id, operation_id, certificate_id, preferred, origin_certificate_id, counterparty_holder_id,
       shares, type, date, notes, cost, reason, recorded_by, holder_id, certificate_number,
       certificate_prefix, certificate_cost, origin_number, origin_prefix)
    values ${sql.join(
      plan.entries.map(
        (e, i) =>
          sql`(${ctx.transactionIds[i]!}, ${ctx.operationId}, ${certificateIdOf(ctx, e)},
               ${e.preferred}, ${e.originCertificateId}, ${counterparties[i]!}::uuid,
               ${formatAmount(e.shares)}, ${e.type}, ${plan.date}, ${plan.notes ?? ''},
               ${formatAmount(e.cost)}, ${plan.reason}, ${opts.actor.userId},
               ${certificateCopy(ctx, e)}, ${originCopy(ctx, e)})`,
      ),
      sql`, `,
    )})`;
}

function storedAnswer(opts: WriteOptions): SQL[] {
  const { answer } = opts;
  if (!answer) return [];
  return [
    sql`answer as (
      update idempotency_key
         set state = 'done', response_status = ${answer.status},
             response_body = ${filledAnswer(answer.template)}, locked_until = null
       where scope = ${answer.scope} and key = ${answer.key}
   returning response_body)`,
  ];
}

/**
 * Every write of the operation in one statement (one round trip): the operation, the kept
 * balances, the audit entry, the new certificates with their numbers, the transactions and the
 * stored answer. It answers one `Written` row.
 */
export function operationWrite(ctx: OperationContext, opts: WriteOptions): SQL {
  const numbered = ctx.plan.newCertificates.length > 0;
  const parts = [
    operationRow(ctx, opts),
    ...balanceUpdates(ctx),
    auditRow(ctx, opts),
    ...newCertificates(ctx),
    transactionRows(ctx, opts),
    ...storedAnswer(opts),
  ];
  return sql`with ${sql.join(parts, sql`, `)}
    select ${opts.answer ? sql`exists (select from answer)` : sql`false`} as answered,
           ${
             numbered
               ? sql`(select json_agg(json_build_object('ord', ord, 'number', number,
                                                        'label', label) order by ord)
                        from numbered)`
               : sql`null::json`
           } as numbers,
           ${opts.answer ? sql`(select response_body from answer)` : sql`null::text`} as body`;
}
