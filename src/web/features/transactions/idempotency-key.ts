import { ApiError } from '../../lib/api-client';

/**
 * The Idempotency-Key for the next submission of the same form, after an attempt with `key`.
 * Kept when the outcome is unknown (no answer, the 30 s timeout, a 5xx, or the first attempt
 * still in flight), so a retry is recognised by the server and records once; a new one after a
 * definitive answer (success, or a refusal the server stored), so the next submission is new.
 */
export function keyAfterAttempt(
  key: string,
  error: unknown,
  newKey: () => string = () => crypto.randomUUID(),
): string {
  if (error === undefined) return newKey();
  if (!(error instanceof ApiError)) return key;
  if (error.status === 0 || error.status >= 500) return key;
  if (error.code === 'IDEMPOTENCY.IN_FLIGHT') return key;
  return newKey();
}
