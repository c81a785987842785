import {
  formatAmount,
  type ClassType,
  type OperationInput,
  type OperationPlan,
  type PlannedEntry,
} from '../../ledger';
import { certificateLabel } from './certificate-label';
import type { LockedState } from './lock-operation-state';

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
  /** The stored answer, when the operation stored one under its idempotency key. */
  storedBody?: unknown;
}

/** One operation on its way to the database: the plan, the rows it stands on, the new ids. */
export interface OperationContext {
  organizationId: string;
  operationId: string;
  input: OperationInput;
  plan: OperationPlan;
  locked: LockedState;
  /** The new certificates' ids, in plan order. */
  newIds: string[];
  /** The transactions' ids, in entry order. */
  transactionIds: string[];
}

/** The i-th new certificate's number and printed label. */
export type Numbering = (i: number) => { number: number; certificate: string };

/** The id of the certificate an entry moves. */
export function certificateIdOf(ctx: OperationContext, entry: PlannedEntry): string {
  if ('existingId' in entry.certificate) return entry.certificate.existingId;
  const ref = entry.certificate.newRef;
  return ctx.newIds[ctx.plan.newCertificates.findIndex((c) => c.ref === ref)]!;
}

/** The posted operation, its new certificates numbered by `numberOf`. */
export function buildPosted(ctx: OperationContext, numberOf: Numbering): PostedOperation {
  const { plan, locked } = ctx;
  const origins = new Map(locked.origins.map((o) => [o.id, o]));
  const names = new Map(locked.holders.map((h) => [h.id, h.name]));
  const labelOf = (id: string | null): string | null => {
    if (id === null) return null;
    const origin = origins.get(id);
    if (origin) return certificateLabel(origin.prefix, origin.number);
    const i = ctx.newIds.indexOf(id);
    return i < 0 ? null : numberOf(i).certificate;
  };
  return {
    operationId: ctx.operationId,
    type: plan.operation,
    certificates: plan.newCertificates.map((c, i) => ({
      id: ctx.newIds[i]!,
      ...numberOf(i),
      classType: c.classType,
      holderId: c.holderId,
      holderName: names.get(c.holderId) ?? '',
      balance: formatAmount(plan.effect.newBalances.get(c.ref) ?? 0n),
      cost: formatAmount(c.cost),
      effectiveDate: c.effectiveDate,
      origin: labelOf(c.originCertificateId),
    })),
    transactions: plan.entries.map((entry, i) => {
      const certificateId = certificateIdOf(ctx, entry);
      return {
        id: ctx.transactionIds[i]!,
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
}
