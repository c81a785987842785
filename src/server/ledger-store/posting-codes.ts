import { LEDGER_ERROR_CODES } from '../../ledger';
import type { ErrorCode } from '../http/error-status';

/**
 * What a route that posts to the ledger answers besides its access and input: the key's refusals
 * (idempotency.ts), the ledger's own, and DB.BUSY when the posting kept meeting a conflict.
 */
export const postingErrorCodes: readonly ErrorCode[] = [
  'IDEMPOTENCY.KEY_REQUIRED',
  'IDEMPOTENCY.KEY_INVALID',
  'IDEMPOTENCY.KEY_REUSED',
  'IDEMPOTENCY.IN_FLIGHT',
  ...LEDGER_ERROR_CODES,
  'DB.BUSY',
];
