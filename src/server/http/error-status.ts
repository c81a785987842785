import { LEDGER_ERROR_CODES, type LedgerErrorCode } from '../../ledger';

/**
 * The one place where coded errors become HTTP statuses: every code the server answers, each with
 * its status (a ledger refusal is 422 unless listed). The client reads `code`, never parses
 * `message`; the API document lists, per route, the codes it answers (http/openapi.ts).
 */
const BY_CODE = {
  'HTTP.BAD_REQUEST': 400,
  'HTTP.VALIDATION': 400,
  'HTTP.UNSUPPORTED_MEDIA_TYPE': 415,
  'HTTP.NOT_FOUND': 404,
  'HTTP.METHOD_NOT_ALLOWED': 405,
  'HTTP.PAYLOAD_TOO_LARGE': 413,
  'AUTH.UNAUTHENTICATED': 401,
  'AUTH.FORBIDDEN': 403,
  'AUTH.CSRF': 403,
  'AUTH.RATE_LIMITED': 429,
  'AUTH.INVALID_CREDENTIALS': 401,
  'AUTH.INVALID_REFRESH_TOKEN': 401,
  'AUTH.ALREADY_HAS_LOGIN': 409,
  'AUTH.INVALID_API_KEY': 401,
  'AUTH.ORGANIZATION_MISMATCH': 403,
  'AUTH.HOLDER_NOT_FOUND': 404,
  'AUTH.SESSION_NOT_FOUND': 404,
  'AUTH.INVALID_RESET_TOKEN': 400,
  'AUTH.REDIRECT_NOT_ALLOWED': 400,
  'AUTH.REDIRECT_UNAVAILABLE': 400,
  'AUTH.CURRENT_PASSWORD_REQUIRED': 400,
  'AUTH.CURRENT_PASSWORD_WRONG': 400,
  'VALIDATION.PASSWORD': 400,
  'VALIDATION.READ_ONLY': 400,
  'VALIDATION.ID_MISMATCH': 400,
  'API_KEY.NAME_TAKEN': 409,
  'API_KEY.NOT_FOUND': 404,
  'IDEMPOTENCY.KEY_REQUIRED': 400,
  'IDEMPOTENCY.KEY_REUSED': 422,
  'IDEMPOTENCY.IN_FLIGHT': 409,
  'LEDGER.INSUFFICIENT_SHARES': 409,
  // Past the class's authorized shares: a conflict with the company's charter, not bad input.
  'LEDGER.EXCEEDS_AUTHORIZED': 409,
  // The company's whole-shares setting, and a reversal the ledger's state no longer allows
  // (decision 122): conflicts with what is recorded, not bad input.
  'LEDGER.FRACTIONAL_SHARES': 409,
  'LEDGER.ALREADY_REVERSED': 409,
  'LEDGER.REVERSAL_OF_REVERSAL': 409,
  'LEDGER.REVERSAL_BLOCKED': 409,
  'OPERATION.NOT_FOUND': 404,
  'SHARE_CLASS.BELOW_OUTSTANDING': 409,
  'SHARE_CLASS.NOT_FOUND': 404,
  // An origin emptied by a concurrent operation: the same conflict as insufficient shares.
  'LEDGER.ORIGIN_EMPTY': 409,
  'IDEMPOTENCY.KEY_INVALID': 400,
  'SHAREHOLDER.NOT_FOUND': 404,
  'SHAREHOLDER.EMAIL_TAKEN': 409,
  'SHAREHOLDER.HAS_SHARES': 409,
  'SHAREHOLDER.DEACTIVATE_SELF': 409,
  'SHAREHOLDER.NO_EMAIL': 409,
  'SHAREHOLDER.INACTIVE': 409,
  'SHAREHOLDER.IS_ADMINISTRATOR': 409,
  'CERTIFICATE.NOT_FOUND': 404,
  'STATEMENT.PDF_LIMITED': 429,
  'LEDGER.CONFLICT': 409,
  // The data layer (features/data-api).
  'DATA.NOT_FOUND': 404,
  'DATA.INVALID_REFERENCE': 400,
  'DATA.TRANSITION_REFUSED': 409,
  'DATA.REFERENCED': 409,
  'DATA.DUPLICATE': 409,
  'DATA.QUERY_TIMEOUT': 503,
  // The CRM gateway (features/gateway).
  'GATEWAY.PROVIDER_NOT_CONFIGURED': 501,
  'GATEWAY.APPEND_ONLY': 409,
  'GATEWAY.NOT_SUPPORTED': 422,
  'GATEWAY.REJECTED': 422,
  'GATEWAY.UPSTREAM_ERROR': 502,
  'GATEWAY.UPSTREAM_AUTH': 502,
  'GATEWAY.UPSTREAM_UNAVAILABLE': 502,
  'GATEWAY.UPSTREAM_TIMEOUT': 504,
  // A nextRecordsUrl that cannot be followed: changed or foreign, another caller's, too old.
  'GATEWAY.CURSOR_INVALID': 400,
  'GATEWAY.CURSOR_NOT_YOURS': 403,
  'GATEWAY.CURSOR_EXPIRED': 410,
  'GATEWAY.QUERY_TOO_LONG_TO_PAGE': 400,
  // The Salesforce connector: a record or Apex endpoint the connected org does not have.
  'GATEWAY.NOT_FOUND': 404,
  // The OCF import (features/ocf-import): an upload that is no package, a registry not empty.
  'OCF.NOT_A_ZIP': 400,
  'OCF.ZIP_TOO_LARGE': 413,
  'OCF.NOT_JSON': 400,
  'OCF.NOT_OCF': 400,
  'OCF.NO_FILES': 400,
  'OCF.REGISTRY_NOT_EMPTY': 409,
  'OCF.LEDGER_REFUSED': 422,
  // The spreadsheet import (features/sheet-import).
  'IMPORT.FILE_INVALID': 400,
  'IMPORT.FILE_TOO_LARGE': 413,
  'IMPORT.TOO_MANY_ROWS': 413,
  'IMPORT.ROWS_REFUSED': 422,
  'DB.UNAVAILABLE': 503,
  'DB.BUSY': 503,
  INTERNAL: 500,
} as const satisfies Record<string, number>;

/** A code the server answers; the API document's error answers name theirs from these. */
export type ErrorCode = keyof typeof BY_CODE | LedgerErrorCode;

/** Every code, in the table's order, the ledger's after the rest. */
export const errorCodes: readonly ErrorCode[] = [
  ...(Object.keys(BY_CODE) as Array<keyof typeof BY_CODE>),
  ...LEDGER_ERROR_CODES.filter((code) => !(code in BY_CODE)),
];

const BY_PREFIX: Array<[string, number]> = [
  ['LEDGER.', 422],
  ['VALIDATION.', 400],
  ['AUTH.', 400],
  ['NOT_FOUND', 404],
];

export function statusForCode(code: string): number {
  const exact = (BY_CODE as Record<string, number>)[code];
  if (exact) return exact;
  if (code.endsWith('NOT_FOUND') && !code.startsWith('LEDGER.')) return 404;
  for (const [prefix, status] of BY_PREFIX) if (code.startsWith(prefix)) return status;
  return 400;
}
