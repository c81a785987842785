import type { z } from 'zod';
import type { ErrorBody } from '../../../contract/common';
import type { PreviewResponse } from '../../../contract/corrections';
import type { recordTransactionBody } from '../../../contract/ledger';
import { formatAmount, isLedgerError, todayIn, type OperationPlan } from '../../../ledger';
import type { Database } from '../../db/open-database';
import { AppError } from '../../http/app-error';
import { toHundredths } from '../../ledger-store/amounts';
import { certificateLabel } from '../../ledger-store/certificate-label';
import type { LockedState } from '../../ledger-store/lock-operation-state';
import { lockAndPlan } from '../../ledger-store/post-operation';
import type { Principal } from '../../plugins/access-control';
import { operationRecordOf, refusalInRequestTerms, toOperationInput } from './record-transaction';

/**
 * POST /api/v1/transactions/preview: what POST /api/v1/transactions would record for the same
 * body, decided by the same reads and plan, without locking the rows (a review must not queue
 * postings), and nothing written. A refusal is the posting's own, with the same code and field.
 */
export async function previewTransaction(
  database: Database,
  principal: Principal,
  body: z.output<typeof recordTransactionBody>,
): Promise<PreviewResponse> {
  const organizationId = principal.organizationId;
  if (organizationId === null) throw new Error('administrator without an organization');
  const today = todayIn(principal.timeZone);
  const input = toOperationInput(body, today);
  operationRecordOf(body, today);
  try {
    const { locked, plan } = await database.ledgerTransaction((lt) =>
      // Read, not locked: a review decides nothing, and the posting locks and plans again.
      lockAndPlan(lt, organizationId, input, undefined, { lock: false }),
    );
    return previewOf(plan, locked);
  } catch (err) {
    if (!isLedgerError(err)) throw err;
    // The posting's refusal, field and message as POST /api/v1/transactions would answer them.
    const refusal = refusalInRequestTerms(err).body as ErrorBody;
    throw new AppError(refusal);
  }
}

const amount = (hundredths: bigint) => formatAmount(hundredths);

/** The certificates the plan uses and creates, and each holder's balances before and after. */
export function previewOf(plan: OperationPlan, locked: LockedState): PreviewResponse {
  const names = new Map(locked.holders.map((h) => [h.id, h.name]));
  const origins = new Map(locked.origins.map((o) => [o.id, o]));
  const certificates = plan.entries.map((entry) => {
    const base = {
      holderId: entry.holderId,
      holderName: names.get(entry.holderId) ?? '',
      shares: amount(entry.shares),
    };
    if ('existingId' in entry.certificate) {
      const origin = origins.get(entry.certificate.existingId)!;
      const before = toHundredths(origin.balance);
      return {
        ...base,
        id: origin.id,
        certificate: certificateLabel(origin.prefix, origin.number),
        classType: origin.class_type,
        before: amount(before),
        after: amount(before + (plan.effect.certificateChanges.get(origin.id) ?? 0n)),
      };
    }
    const { newRef } = entry.certificate;
    const created = plan.newCertificates.find((c) => c.ref === newRef)!;
    return {
      ...base,
      id: null,
      certificate: null,
      classType: created.classType,
      before: '0.00',
      after: amount(plan.effect.newBalances.get(newRef) ?? 0n),
    };
  });
  // In the order the plan first names them: the sender before the recipient.
  const order = [...new Set(plan.entries.map((e) => e.holderId))];
  const holders = order
    .map((id) => locked.holders.find((h) => h.id === id))
    .filter((h) => h !== undefined)
    .map((h) => {
      const change = plan.effect.holderChanges.get(h.id)!;
      const common = toHundredths(h.common_shares);
      const preferred = toHundredths(h.preferred_shares);
      const figures = (c: bigint, p: bigint) => ({
        common: amount(c),
        preferred: amount(p),
        total: amount(c + p),
      });
      return {
        id: h.id,
        name: h.name,
        before: figures(common, preferred),
        after: figures(common + change.common, preferred + change.preferred),
      };
    });
  return { type: plan.operation, date: plan.date, certificates, holders };
}
