import type { TransactionType } from '../../ledger';

// What the OCF export reads from the registry (decision 126): the rows as the database keeps them,
// amounts as exact decimal strings. features/ocf-export loads them; tests build them in memory.

export interface OcfSourceCompany {
  id: string;
  legalName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  /** The legend printed on every certificate; '' when the company set none. */
  certificateLegend: string;
  /** YYYY-MM-DD: the day the company's record was made, in its time zone. */
  createdOn: string;
}

export interface OcfSourceHolder {
  id: string;
  name: string;
  fullName: string;
  email: string | null;
  holderType: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phoneNumber: string;
  cellphoneNumber: string;
  active: boolean;
  /** Administrators and read-only members: stakeholders only when a transaction names them. */
  isAdmin: boolean;
  readOnly: boolean;
}

export interface OcfSourceClass {
  id: string;
  name: string;
  classType: 'common' | 'preferred';
  /** "CS-": a certificate's label is its class prefix and number. */
  prefix: string;
  /** Today's limit, or null when the company set none. */
  authorizedShares: string | null;
}

export interface OcfSourceCertificate {
  id: string;
  number: number;
  holderId: string;
  classId: string;
  originCertificateId: string | null;
  /** Acquisition price per share (USD). */
  cost: string;
}

export interface OcfSourceOperation {
  id: string;
  /** The entry form's kind: 'New Issue', 'Transfer', 'Convert to Preferred', 'Cancel'. */
  type: string;
  /** What was paid in all, and its currency; both null when not recorded. */
  consideration: string | null;
  considerationCurrency: string | null;
  approvalDate: string | null;
  approvalReference: string | null;
  /** Set on a correction: the operation it reverses. */
  reversesOperationId: string | null;
}

/** One share transaction (a ledger line). */
export interface OcfSourceLine {
  id: string;
  /** The global posting order (bigint as text). */
  order: string;
  operationId: string;
  certificateId: string;
  holderId: string;
  type: TransactionType;
  /** Signed: positive for the Issued types, negative for the others. */
  shares: string;
  /** The line's price per share (USD). */
  cost: string;
  date: string;
  notes: string;
  reason: string | null;
}

export interface OcfSource {
  /** YYYY-MM-DD: lines dated after it are left out. */
  asOf: string;
  company: OcfSourceCompany;
  holders: readonly OcfSourceHolder[];
  classes: readonly OcfSourceClass[];
  /** At least every certificate a line names. */
  certificates: readonly OcfSourceCertificate[];
  /** At least every operation a line names. */
  operations: readonly OcfSourceOperation[];
  lines: readonly OcfSourceLine[];
  /** The date of the company's first ledger line ever (whatever `asOf`), or null. */
  firstLedgerDate: string | null;
}
