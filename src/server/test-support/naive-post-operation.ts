import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  counterpartiesOf,
  formatAmount,
  planOperation,
  type ClassType,
  type OperationInput,
} from '../../ledger';
import type { Tx } from '../db/database';
import { formatTenThousandths, toHundredths, toTenThousandths } from '../ledger-store/amounts';
import { rows } from '../db/sql';
import { transactionByHand } from './ledger-rows-by-hand';
import {
  ledgerStateOf,
  type LockedCertificate,
  type LockedHolder,
} from '../ledger-store/lock-operation-state';

/**
 * TEST FIXTURE: never used by the app (checklist LED-11). postOperation as it would be written
 * without thinking about concurrency: plain SELECTs with no FOR UPDATE, planOperation on what
 * they returned, and the computed figures written back as absolute values. Two requests that read
 * the same balance both spend it, and the second write undoes the first (a lost update). Only
 * that is wrong: the rules, the rows written and the certificate numbers are as in the real code,
 * so the storm in naive-post-operation.pg-test.ts fails on the locking alone.
 */
export async function naivePostOperation(
  tx: Tx,
  opts: { organizationId: string; input: OperationInput; actor: { userId: string } },
): Promise<{ operationId: string }> {
  const { organizationId, input } = opts;
  const originIds = [...new Set(input.originCertificateIds ?? [])];
  const origins =
    originIds.length === 0
      ? []
      : await rows<Omit<LockedCertificate, 'number' | 'prefix'>>(
          tx,
          sql`select c.id, c.holder_id, cls.class_type, c.balance::text as balance,
                     c.effective_date::text as effective_date, c.cost::text as cost
                from certificate c join share_class cls on cls.id = c.class_id
               where c.id in ${originIds} and c.organization_id = ${organizationId}`,
        );
  const holderIds = [
    ...new Set(
      [input.holderId, input.toHolderId, ...origins.map((o) => o.holder_id)].filter(
        (id): id is string => typeof id === 'string',
      ),
    ),
  ];
  const holders = await rows<Omit<LockedHolder, 'name'>>(
    tx,
    sql`select id, active, common_shares::text as common_shares,
               preferred_shares::text as preferred_shares, held_cost::text as held_cost
          from shareholder where id in ${holderIds} and organization_id = ${organizationId}`,
  );
  const state = ledgerStateOf(
    origins.map((o) => ({ ...o, number: 0, prefix: '' })),
    holders.map((h) => ({ ...h, name: '' })),
  );
  const plan = planOperation(input, state);

  // The new figures: what was read plus the plan's effect, written back as absolute values (the
  // defect: what was read may no longer be what is there).
  const certificateBalance = new Map(
    [...plan.effect.certificateChanges].map(([id, change]) => [
      id,
      state.certificates.get(id)!.balance + change,
    ]),
  );
  const figures = new Map(
    holders
      .filter((h) => plan.effect.holderChanges.has(h.id))
      .map((h) => {
        const change = plan.effect.holderChanges.get(h.id)!;
        return [
          h.id,
          {
            common: toHundredths(h.common_shares) + change.common,
            preferred: toHundredths(h.preferred_shares) + change.preferred,
            heldCost: toTenThousandths(h.held_cost) + change.heldCost,
          },
        ];
      }),
  );

  const operationId = randomUUID();
  await tx.execute(
    sql`insert into ledger_operation (id, organization_id, type, recorded_by, reason)
        values (${operationId}, ${organizationId}, ${plan.operation}, ${opts.actor.userId},
                ${plan.reason})`,
  );
  for (const [id, balance] of certificateBalance) {
    await tx.execute(
      sql`update certificate set balance = ${formatAmount(balance)} where id = ${id}`,
    );
  }
  for (const [id, f] of figures) {
    await tx.execute(
      sql`update shareholder
             set common_shares = ${formatAmount(f.common)},
                 preferred_shares = ${formatAmount(f.preferred)},
                 balance = ${formatAmount(f.common + f.preferred)},
                 held_cost = ${formatTenThousandths(f.heldCost)}
           where id = ${id}`,
    );
  }
  await tx.execute(
    sql`insert into audit_entry (organization_id, actor_user_id, action, entity_type, entity_id,
                                 operation_id, reason)
        values (${organizationId}, ${opts.actor.userId}, ${`ledger.${plan.operation}`},
                'ledger_operation', ${operationId}, ${operationId}, ${plan.reason})`,
  );

  const newIds = new Map(plan.newCertificates.map((c) => [c.ref, randomUUID()]));
  if (plan.newCertificates.length > 0) {
    const [taken] = await rows<{ first: number }>(
      tx,
      sql`update organization
             set next_certificate_number = next_certificate_number + ${plan.newCertificates.length}
           where id = ${organizationId}
       returning next_certificate_number - ${plan.newCertificates.length} as first`,
    );
    const classes = await rows<{ id: string; class_type: ClassType }>(
      tx,
      sql`select id, class_type from share_class where organization_id = ${organizationId}`,
    );
    await tx.execute(
      sql`insert into certificate (id, organization_id, number, holder_id, class_id,
                                   effective_date, origin_certificate_id, balance, cost)
          values ${sql.join(
            plan.newCertificates.map((c, i) => {
              const shares = plan.entries
                .filter((e) => 'newRef' in e.certificate && e.certificate.newRef === c.ref)
                .reduce((sum, e) => sum + e.shares, 0n);
              return sql`(${newIds.get(c.ref)!}, ${organizationId}, ${taken!.first + i},
                          ${c.holderId}, ${classes.find((x) => x.class_type === c.classType)!.id},
                          ${c.effectiveDate}, ${c.originCertificateId}, ${formatAmount(shares)},
                          ${formatAmount(c.cost)})`;
            }),
            sql`, `,
          )}`,
    );
  }
  const counterparties = counterpartiesOf(plan.entries);
  for (const [i, e] of plan.entries.entries()) {
    await tx.execute(
      transactionByHand({
        operationId,
        certificateId:
          'existingId' in e.certificate
            ? e.certificate.existingId
            : newIds.get(e.certificate.newRef)!,
        preferred: e.preferred,
        originCertificateId: e.originCertificateId,
        counterpartyHolderId: counterparties[i]!,
        shares: formatAmount(e.shares),
        type: e.type,
        date: plan.date,
        notes: plan.notes ?? '',
        cost: formatAmount(e.cost),
        reason: plan.reason,
        recordedBy: opts.actor.userId,
      }),
    );
  }
  return { operationId };
}
