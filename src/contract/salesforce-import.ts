import { z } from 'zod';
import { safeText } from './common';

// Import from Salesforce (issue 13): POST /api/v1/import/salesforce runs a dry run or the
// import; both answer the same report.
export { gatewayPaths } from './constants/gateway';

export const importProblemKinds = [
  'missing-origin',
  'certificate-balance',
  'holder-balance',
  'unknown-type',
  'unpaired',
  'missing-holder',
  'invalid-record',
  'ledger-refusal',
  /** The holder's e-mail is how someone at another company signs in (it would let them in here). */
  'email-of-another-company',
] as const;
export type ImportProblemKind = (typeof importProblemKinds)[number];

export const importProblem = z.object({
  kind: z.enum(importProblemKinds),
  objectName: z.string(),
  recordId: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblem>;

export const salesforceImportBody = z.strictObject({
  dryRun: z.boolean().default(true),
  /** Problems to skip, by record Id or by kind: the records they name are left out. */
  accept: z.array(safeText().min(1).max(100)).max(1000).default([]),
});
export type SalesforceImportBody = z.input<typeof salesforceImportBody>;

const counts = z.object({
  holders: z.number().int(),
  certificates: z.number().int(),
  transactions: z.number().int(),
  operations: z.number().int(),
});

export const salesforceImportReport = z.object({
  dryRun: z.boolean(),
  /** True when the import was written (never for a dry run). */
  imported: z.boolean(),
  read: z.object({
    shareholders: z.number().int(),
    shares: z.number().int(),
    transactions: z.number().int(),
  }),
  /** What this run creates (or would): rows already imported are not counted again. */
  created: counts,
  alreadyImported: counts,
  problems: z.array(importProblem),
  /** The problems that stop the import: those not accepted. */
  blocking: z.number().int(),
});
export type SalesforceImportReport = z.infer<typeof salesforceImportReport>;

/** GET /api/v1/import/salesforce: whether the server has a Salesforce org to import from. */
export const salesforceImportStatus = z.object({ connected: z.boolean() });
export type SalesforceImportStatus = z.infer<typeof salesforceImportStatus>;
