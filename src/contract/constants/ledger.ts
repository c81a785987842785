// The ledger API's constants, without zod: the web imports them freely (src/contract/ledger.ts
// holds the schemas).
import { OPERATION_TYPES } from '../../ledger';

export const ledgerPaths = {
  shareholders: '/api/v1/shareholders',
  shareholder: '/api/v1/shareholders/:id',
  deactivateShareholder: '/api/v1/shareholders/:id/deactivate',
  reactivateShareholder: '/api/v1/shareholders/:id/reactivate',
  inviteShareholder: '/api/v1/shareholders/:id/invite',
  shareholderAccess: '/api/v1/shareholders/:id/access',
  statement: '/api/v1/shareholders/:id/statement',
  statementPdf: '/api/v1/shareholders/:id/statement.pdf',
  certificates: '/api/v1/certificates',
  certificate: '/api/v1/certificates/:id',
  transactions: '/api/v1/transactions',
  audit: '/api/v1/audit',
  auditChain: '/api/v1/audit/chain',
  shareClasses: '/api/v1/share-classes',
  shareClass: '/api/v1/share-classes/:id',
} as const;

export const directorySortKeys = [
  'name',
  'common',
  'preferred',
  'balance',
  'costPerShare',
] as const;
export type DirectorySortKey = (typeof directorySortKeys)[number];

/** The entry form's operations: the ledger's own list. */
export const operationTypes = OPERATION_TYPES;

export const idempotencyHeader = 'idempotency-key';

/**
 * The web's cache keys for what the ledger answers; a recorded transaction or a saved profile
 * invalidates them by these first parts.
 */
export const ledgerQueryKeys = {
  directory: ['directory'],
  statement: ['statement'],
  profile: ['profile'],
  certificates: ['certificates'],
  holderOptions: ['holder-options'],
  companyLedger: ['company-ledger'],
  audit: ['audit'],
  auditChain: ['audit-chain'],
} as const;
