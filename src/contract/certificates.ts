import { z } from 'zod';
import { CLASS_TYPES } from '../ledger';
import { isoDate, signedAmount } from './common';
import { certificateDetailResponse } from './ledger';

// The certificate register and one certificate's record, lineage and PDF (issue 25, decision
// 120). The holder's own list and the detail stay in ./ledger.ts (certificatesQuery,
// certificateDetailResponse); what is new is here.

export const certificatePaths = {
  /** Every certificate of the company, filtered, sorted and paged (ledger:read). */
  register: '/api/v1/certificate-register',
  /** One certificate in the traditional printed form (as the detail: a holder their own). */
  pdf: '/api/v1/certificates/:id.pdf',
} as const;

/**
 * Where a certificate stands, from the shares moved out of it (decision 120):
 * - outstanding: nothing moved out (its balance is the shares it was issued with);
 * - partly-transferred: some moved out (transferred, converted or cancelled), some remain;
 * - fully-transferred: none remain, and none of them was cancelled;
 * - cancelled: none remain, and some or all of them were cancelled.
 */
export const certificateStatuses = [
  'outstanding',
  'partly-transferred',
  'fully-transferred',
  'cancelled',
] as const;
export type CertificateStatus = (typeof certificateStatuses)[number];

export const certificateStatusLabels: Readonly<Record<CertificateStatus, string>> = {
  outstanding: 'Outstanding',
  'partly-transferred': 'Partly transferred',
  'fully-transferred': 'Fully transferred',
  cancelled: 'Cancelled',
};

export const certificateSortKeys = [
  'number',
  'holder',
  'issueDate',
  'originalShares',
  'balance',
] as const;
export type CertificateSortKey = (typeof certificateSortKeys)[number];

export const certificateRegisterQuery = z.object({
  holderId: z.uuid().optional(),
  class: z.enum(CLASS_TYPES).optional(),
  status: z.enum(certificateStatuses).optional(),
  sort: z.enum(certificateSortKeys).default('number'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type CertificateRegisterQuery = z.input<typeof certificateRegisterQuery>;
/** The register's query once read: every default filled in. */
export type CertificateRegisterParams = z.output<typeof certificateRegisterQuery>;

/** One certificate as the register lists it. */
export const registerRow = z.object({
  id: z.uuid(),
  number: z.number().int(),
  /** Printed number with the class prefix, e.g. "CS-12". */
  certificate: z.string(),
  holderId: z.uuid(),
  holderName: z.string(),
  classType: z.enum(CLASS_TYPES),
  issueDate: isoDate,
  /** The certificate it was made from (a transfer's or conversion's), or null for a new issue. */
  origin: z.object({ id: z.uuid(), certificate: z.string() }).nullable(),
  /** The shares it was issued with. */
  originalShares: signedAmount,
  balance: signedAmount,
  /** Shares moved out of it, by how they left. */
  transferredShares: signedAmount,
  convertedShares: signedAmount,
  cancelledShares: signedAmount,
  status: z.enum(certificateStatuses),
});
export type RegisterRow = z.infer<typeof registerRow>;

export const certificateRegisterResponse = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Certificates matching the filters (all pages). */
  total: z.number().int(),
  rows: z.array(registerRow),
});
export type CertificateRegisterResponse = z.infer<typeof certificateRegisterResponse>;

/** A certificate of a lineage: the one asked for, one it came from, or one made from it. */
export const lineageNode = registerRow
  .pick({
    id: true,
    certificate: true,
    holderName: true,
    classType: true,
    issueDate: true,
    originalShares: true,
    balance: true,
    status: true,
  })
  .extend({
    /** Its holder; null when the caller may not open it (another holder's, for a holder). */
    holderName: z.string().nullable(),
    /** What is left on it, and its status; null when the caller may not open it. */
    balance: registerRow.shape.balance.nullable(),
    status: registerRow.shape.status.nullable(),
    /** The certificate it was made from (null for the root). */
    parentId: z.uuid().nullable(),
    /** Whether the caller may open it (a holder sees their own certificates only). */
    visible: z.boolean(),
  });
export type LineageNode = z.infer<typeof lineageNode>;

export const LINEAGE_LIMITS = { ancestors: 50, descendantDepth: 20, descendants: 200 } as const;

export const certificateLineage = z.object({
  /** The certificates it came from, the root first, up to its parent. */
  ancestors: z.array(lineageNode),
  /** This certificate itself. */
  self: lineageNode,
  /** The certificates made from it and from them, by depth then number. */
  descendants: z.array(lineageNode),
  /** True when the tree was cut at LINEAGE_LIMITS (a deeper or wider tree than shown). */
  truncated: z.boolean(),
});
export type CertificateLineage = z.infer<typeof certificateLineage>;

/** GET /api/v1/certificates/:id: the detail of ./ledger.ts with its record and lineage added. */
export const certificateRecordResponse = certificateDetailResponse.extend({
  record: registerRow,
  lineage: certificateLineage,
});
export type CertificateRecordResponse = z.infer<typeof certificateRecordResponse>;
