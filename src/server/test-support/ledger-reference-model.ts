// The reference of ledger.model.test.ts: the rules as the issue states them, written without
// planOperation, so that a wrong rule shared by the model and the database is still caught.
import type { OperationInput } from '../../ledger';

export interface ReferenceCertificate {
  number: number;
  holder: number;
  classType: 'common' | 'preferred';
  balance: bigint;
  cost: bigint;
  effectiveDate: string;
}

export interface Reference {
  active: boolean[];
  certificates: ReferenceCertificate[];
}

/** An operation in the reference's terms: holders by index, certificates by number. */
export interface ReferenceInput {
  type: OperationInput['type'];
  holder: number;
  to: number | null;
  date: string;
  shares: bigint;
  cost: bigint;
  reason: string;
  classType: 'common' | 'preferred';
  /** 'missing' is one id that names no certificate. */
  origins: Array<number | 'missing'>;
}

/** The generators write amounts with exactly 2 decimals, never invalid ones. */
export const hundredths = (text: string | null | undefined) =>
  text ? BigInt(text.replace('.', '')) : 0n;

/**
 * Applies the operation to the reference, or returns the code of the first rule it breaks, in
 * the documented order (amounts and dates are always well formed here). Effects: shares are taken
 * from the origins in the order given; a transfer makes one certificate per origin used, a
 * conversion one preferred certificate at the weighted average cost, rounded half up.
 */
export function referenceApply(ref: Reference, op: ReferenceInput): string {
  if (op.type === 'Cancel' && op.reason.trim() === '') return 'LEDGER.REASON_REQUIRED';
  if (!ref.active[op.holder]) return 'LEDGER.HOLDER_INACTIVE';
  const issue = (holder: number, classType: 'common' | 'preferred', shares: bigint, cost: bigint) =>
    ref.certificates.push({
      number: ref.certificates.length + 1,
      holder,
      classType,
      balance: shares,
      cost,
      effectiveDate: op.date,
    });
  if (op.type === 'New Issue') {
    issue(op.holder, op.classType, op.shares, op.cost);
    return 'posted';
  }
  if (op.type === 'Transfer') {
    if (op.to === op.holder) return 'LEDGER.RECIPIENT_IS_SENDER';
    if (op.to === null || !ref.active[op.to]) return 'LEDGER.RECIPIENT_INACTIVE';
  }
  if (op.origins.length === 0) return 'LEDGER.ORIGIN_REQUIRED';
  if (new Set(op.origins).size !== op.origins.length) return 'LEDGER.ORIGIN_DUPLICATE';
  const origins: ReferenceCertificate[] = [];
  for (const number of op.origins) {
    const c = number === 'missing' ? undefined : ref.certificates[number - 1];
    if (!c) return 'LEDGER.ORIGIN_NOT_FOUND';
    if (c.holder !== op.holder) return 'LEDGER.ORIGIN_NOT_OWNED';
    if (op.type === 'Convert to Preferred' && c.classType !== 'common') {
      return 'LEDGER.ORIGIN_WRONG_CLASS';
    }
    if (op.date < c.effectiveDate) return 'LEDGER.DATE_BEFORE_ORIGIN';
    origins.push(c);
  }
  if (origins.reduce((sum, c) => sum + c.balance, 0n) < op.shares) {
    return 'LEDGER.INSUFFICIENT_SHARES';
  }
  if (origins.some((c) => c.balance === 0n)) return 'LEDGER.ORIGIN_EMPTY';
  let left = op.shares;
  let basis = 0n;
  for (const c of origins) {
    const taken = c.balance < left ? c.balance : left;
    if (taken === 0n) break;
    c.balance -= taken;
    left -= taken;
    basis += taken * c.cost;
    if (op.type === 'Transfer') issue(op.to!, c.classType, taken, op.cost);
  }
  if (op.type === 'Convert to Preferred') {
    issue(op.holder, 'preferred', op.shares, (2n * basis + op.shares) / (2n * op.shares));
  }
  return 'posted';
}
