import type {
  directorySortKeys as contractSortKeys,
  idempotencyHeader as contractIdempotencyHeader,
  ledgerPaths as contractPaths,
  operationTypes as contractOperationTypes,
} from '../../contract/ledger';

// The contract's constants, restated so the browser does not load the contract module (and zod
// with it) for four values. `satisfies typeof` makes the compiler check each against the
// contract, so they cannot drift.

export const ledgerPaths = {
  shareholders: '/api/v1/shareholders',
  shareholder: '/api/v1/shareholders/:id',
  statement: '/api/v1/shareholders/:id/statement',
  statementPdf: '/api/v1/shareholders/:id/statement.pdf',
  certificates: '/api/v1/certificates',
  certificate: '/api/v1/certificates/:id',
  transactions: '/api/v1/transactions',
  audit: '/api/v1/audit',
} as const satisfies typeof contractPaths;

export const directorySortKeys = [
  'name',
  'common',
  'preferred',
  'balance',
  'costPerShare',
] as const satisfies typeof contractSortKeys;

export const operationTypes = [
  'New Issue',
  'Transfer',
  'Convert to Preferred',
  'Cancel',
] as const satisfies typeof contractOperationTypes;

export const idempotencyHeader = 'idempotency-key' satisfies typeof contractIdempotencyHeader;
