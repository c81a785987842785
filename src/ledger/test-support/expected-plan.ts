// Builds the plans the planOperation tests expect from their parts. Shares always leave Alice's
// certificates (the fixtures' origins are hers).
import type { ClassType } from '../class-types';
import type {
  CertificateRef,
  OperationPlan,
  PlannedCertificate,
  PlannedEntry,
} from '../plan-operation';
import type { OperationType, TransactionType } from '../transaction-types';

/** Shares (unsigned) moved at a price, both in hundredths, in a class (common unless said). */
interface Movement {
  shares: bigint;
  cost: bigint;
  classType?: ClassType;
}

/** Some of an expected plan's new certificates (dated by the plan) and entries, in order. */
interface PlanPart {
  newCertificates: Omit<PlannedCertificate, 'effectiveDate'>[];
  entries: PlannedEntry[];
}

function entryOf(
  certificate: CertificateRef,
  holderId: string,
  type: TransactionType,
  shares: bigint,
  originCertificateId: string | null,
  { cost, classType = 'common' }: Movement,
): PlannedEntry {
  const preferred = classType === 'preferred';
  return { certificate, holderId, type, shares, originCertificateId, cost, preferred };
}

/** Alice's shares leaving one of her certificates. */
export function debited(type: TransactionType, origin: string, movement: Movement): PlanPart {
  const entry = entryOf({ existingId: origin }, 'alice', type, -movement.shares, null, movement);
  return { newCertificates: [], entries: [entry] };
}

/** Shares arriving on the new certificate `ref`. */
export function credited(
  type: TransactionType,
  ref: string,
  holderId: string,
  origin: string | null,
  movement: Movement,
): PlanPart {
  const { cost, classType = 'common' } = movement;
  return {
    newCertificates: [{ ref, holderId, classType, originCertificateId: origin, cost }],
    entries: [entryOf({ newRef: ref }, holderId, type, movement.shares, origin, movement)],
  };
}

/** One origin's part of a Transfer from Alice to Bob. */
export const transferLeg = (ref: string, origin: string, movement: Movement): PlanPart[] => [
  debited('Transferred', origin, movement),
  credited('Issued: transfer', ref, 'bob', origin, movement),
];

/** The one preferred certificate a Convert to Preferred issues, at the kept basis. */
export const issuedPreferred = (origin: string, shares: bigint, cost: bigint): PlanPart =>
  credited('Issued: preferred', 'new-0', 'alice', origin, { shares, cost, classType: 'preferred' });

/** The plan, without its effect, made of `parts`: dated 2024-06-01, no notes, no reason. */
export function expectedPlan(
  operation: OperationType,
  parts: PlanPart[],
  fields: Partial<Pick<OperationPlan, 'date' | 'notes' | 'reason'>> = {},
): Omit<OperationPlan, 'effect'> {
  const date = fields.date ?? '2024-06-01';
  const newCertificates = parts.flatMap((part) => part.newCertificates);
  return {
    operation,
    date,
    notes: null,
    reason: null,
    ...fields,
    newCertificates: newCertificates.map((certificate) => ({
      ...certificate,
      effectiveDate: date,
    })),
    entries: parts.flatMap((part) => part.entries),
  };
}
