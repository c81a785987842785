import { z } from 'zod';
import { TRANSACTION_TYPES } from '../ledger';
import { isoDate, signedAmount } from './common';

// The company ledger (issue 25): GET /api/v1/ledger, every share transaction of the caller's
// organization, filtered, sorted and paged by the server (decision 119).

export const companyLedgerPath = '/api/v1/ledger';

export const companyLedgerSortKeys = ['date', 'shares', 'holder', 'certificate'] as const;
export type CompanyLedgerSortKey = (typeof companyLedgerSortKeys)[number];

export const companyLedgerQuery = z.object({
  /** Transactions dated on or after this day. */
  from: isoDate.optional(),
  /** Transactions dated on or before this day (not before `from`). */
  to: isoDate.optional(),
  /** One stored transaction type ("Issued", "Transferred", ...). */
  type: z.enum(TRANSACTION_TYPES).optional(),
  /** The holder whose certificate the transaction is on. */
  holderId: z.uuid().optional(),
  /** The certificate the transaction is on. */
  certificateId: z.uuid().optional(),
  sort: z.enum(companyLedgerSortKeys).default('date'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type CompanyLedgerQuery = z.input<typeof companyLedgerQuery>;
/** A request as the web sends it: every default filled in. */
export type CompanyLedgerParams = z.output<typeof companyLedgerQuery>;

export const companyLedgerRow = z.object({
  id: z.uuid(),
  /** The ledger's posting order, as a string (a bigint). */
  transactionOrder: z.string(),
  date: isoDate,
  /** The stored type, and what people read ("Transferred" → "Transfer Out"). */
  type: z.string(),
  typeLabel: z.string(),
  /** Whether the type adds shares to its certificate. */
  issued: z.boolean(),
  preferred: z.boolean(),
  holderId: z.uuid(),
  holderName: z.string(),
  certificateId: z.uuid(),
  /** Printed certificate number, e.g. "CS-12". */
  certificate: z.string(),
  /** The certificate the shares came from, printed; null when none. */
  origin: z.string().nullable(),
  originCertificateId: z.uuid().nullable(),
  /** Signed: positive into the certificate, negative out of it. */
  shares: signedAmount,
  cost: signedAmount,
  notes: z.string(),
  reason: z.string().nullable(),
  /** The other side of a transfer: who sent (Transfer In) or received (Transfer Out). */
  counterpartyHolderId: z.uuid().nullable(),
  counterparty: z.string().nullable(),
  operation: z.object({
    id: z.uuid(),
    /** Total paid for the shares of the operation, when recorded. */
    consideration: z.object({ amount: signedAmount, currency: z.string() }).nullable(),
    /** The board meeting's or written consent's date and reference, when recorded. */
    approval: z.object({ date: isoDate.nullable(), reference: z.string().nullable() }).nullable(),
    /** The operation this one reverses (a correction), or null. */
    reversesOperationId: z.uuid().nullable(),
    /** The operation that reversed this one, or null. */
    reversedByOperationId: z.uuid().nullable(),
  }),
});
export type CompanyLedgerRow = z.infer<typeof companyLedgerRow>;

export const companyLedgerResponse = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Transactions matching the filters, over all pages. */
  total: z.number().int(),
  rows: z.array(companyLedgerRow),
});
export type CompanyLedgerResponse = z.infer<typeof companyLedgerResponse>;
