import { z } from 'zod';
import { signedAmount, safeText } from './common';

// Entering and correcting transactions (issue 25, decision 122): the company's settings, the
// preview of a posting (Manage Shares' review step) and the reversal of an operation.

export const correctionPaths = {
  companySettings: '/api/v1/company/settings',
  previewTransaction: '/api/v1/transactions/preview',
  reverseOperation: '/api/v1/operations/:id/reverse',
} as const;

export const correctionQueryKeys = { companySettings: ['company-settings'] } as const;

// ---- GET / PUT /api/v1/company/settings ----

export const companySettings = z.object({
  /** A transaction with a fraction of a share is refused (LEDGER.FRACTIONAL_SHARES). */
  wholeSharesOnly: z.boolean(),
  /** The restrictive legend printed on certificates. */
  certificateLegend: z.string(),
});
export type CompanySettings = z.infer<typeof companySettings>;

export const companySettingsBody = z.strictObject({
  wholeSharesOnly: z.boolean(),
  certificateLegend: safeText().max(2000),
});
export type CompanySettingsBody = z.input<typeof companySettingsBody>;

// ---- POST /api/v1/transactions/preview (same body as POST /api/v1/transactions) ----

const previewCertificate = z.object({
  id: z.uuid().nullable(),
  /** The printed number; null for a certificate the posting would create (numbered then). */
  certificate: z.string().nullable(),
  holderId: z.uuid(),
  holderName: z.string(),
  classType: z.enum(['common', 'preferred']),
  /** Shares it gives (negative) or receives (positive). */
  shares: signedAmount,
  /** Its balance before and after. */
  before: signedAmount,
  after: signedAmount,
});

const previewHolder = z.object({
  id: z.uuid(),
  name: z.string(),
  before: z.object({ common: signedAmount, preferred: signedAmount, total: signedAmount }),
  after: z.object({ common: signedAmount, preferred: signedAmount, total: signedAmount }),
});

export const previewResponse = z.object({
  type: z.string(),
  date: z.string(),
  /** The certificates used (existing, debited) and created (new), in the plan's order. */
  certificates: z.array(previewCertificate),
  holders: z.array(previewHolder),
});
export type PreviewResponse = z.infer<typeof previewResponse>;

// ---- POST /api/v1/operations/:id/reverse ----

export const reverseOperationBody = z.strictObject({
  Reason: safeText().trim().min(1, 'A reason is required to reverse an operation.').max(1000),
});
export type ReverseOperationBody = z.input<typeof reverseOperationBody>;

export const correctionMessages = {
  operationNotFound: 'Operation not found.',
  alreadyReversed: 'This operation has already been reversed.',
} as const;
