import { formatAmount } from '../../ledger';
import { toHundredths } from './amounts';
import { certificateIdOf, type OperationContext } from './posted-operation';

/** The audit entry's `before`: the balances the operation changes, as they were. */
export function auditBefore(ctx: OperationContext) {
  const { origins, holders } = ctx.locked;
  const changes = ctx.plan.effect.holderChanges;
  return {
    certificates: Object.fromEntries(origins.map((o) => [o.id, { balance: o.balance }])),
    holders: Object.fromEntries(
      holders
        .filter((h) => changes.has(h.id))
        .map((h) => [
          h.id,
          { common: h.common_shares, preferred: h.preferred_shares, heldCost: h.held_cost },
        ]),
    ),
  };
}

/** The audit entry's `after`: the request, the new certificates and the balances it leaves. */
export function auditAfter(ctx: OperationContext) {
  const { plan, input } = ctx;
  const { certificateChanges, holderChanges } = plan.effect;
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
      ctx.locked.origins
        .filter((o) => certificateChanges.has(o.id))
        .map((o) => [
          o.id,
          { balance: formatAmount(toHundredths(o.balance) + certificateChanges.get(o.id)!) },
        ]),
    ),
    newCertificates: plan.newCertificates.map((c, i) => ({
      id: ctx.newIds[i],
      holderId: c.holderId,
      classType: c.classType,
      origin: c.originCertificateId,
      cost: formatAmount(c.cost),
    })),
    holders: Object.fromEntries(
      ctx.locked.holders
        .filter((h) => holderChanges.has(h.id))
        .map((h) => {
          const d = holderChanges.get(h.id)!;
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
      certificate: certificateIdOf(ctx, e),
      type: e.type,
      shares: formatAmount(e.shares),
      cost: formatAmount(e.cost),
    })),
  };
}
