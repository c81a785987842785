import type { ClassType } from './class-types';
import type { TransactionType } from './transaction-types';

// What a plan reads (the holders and certificates the server loaded) and the rows it plans:
// shared by plan-operation.ts and operation-effect.ts.

export interface HolderState {
  id: string;
  active: boolean;
}

export interface CertificateState {
  id: string;
  holderId: string;
  classType: ClassType;
  /** Hundredths of a share. */
  balance: bigint;
  effectiveDate: string;
  /** Acquisition price per share, hundredths of a USD. */
  cost: bigint;
}

/** A share class's ceiling: authorized shares (null: no limit set) and those outstanding. */
export interface ClassState {
  /** Hundredths of a share, or null when the company set no limit. */
  authorized: bigint | null;
  /** Hundredths of a share held by all holders now. */
  outstanding: bigint;
}

/** What the server loaded (and locked) for this input: at least every holder and certificate it names. */
export interface LedgerState {
  holders: ReadonlyMap<string, HolderState>;
  certificates: ReadonlyMap<string, CertificateState>;
  /** The classes an operation may add shares to (New Issue, conversion), locked; else absent. */
  classes?: ReadonlyMap<ClassType, ClassState>;
  /** The company issues whole shares only (issue 25): an operation's shares may not be fractional. */
  wholeSharesOnly?: boolean;
}

export type CertificateRef = { existingId: string } | { newRef: string };

export interface PlannedCertificate {
  /** 'new-0', 'new-1', ... referenced by entries. */
  ref: string;
  holderId: string;
  classType: ClassType;
  originCertificateId: string | null;
  effectiveDate: string;
  /** Acquisition price per share, hundredths. */
  cost: bigint;
}

export interface PlannedEntry {
  certificate: CertificateRef;
  /** Holder of that certificate. */
  holderId: string;
  type: TransactionType;
  /** Signed hundredths of a share: positive for Issued types, negative otherwise. */
  shares: bigint;
  originCertificateId: string | null;
  /** Price per share, hundredths. */
  cost: bigint;
  preferred: boolean;
}
