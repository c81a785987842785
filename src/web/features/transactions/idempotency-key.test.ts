import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { keyAfterAttempt } from './idempotency-key';

const next = () => 'new-key';

describe('keyAfterAttempt', () => {
  it('makes a new key after a success or a refusal', () => {
    expect(keyAfterAttempt('k1', undefined, next)).toBe('new-key');
    const refused = new ApiError(409, 'LEDGER.INSUFFICIENT_SHARES', 'Not enough shares.');
    expect(keyAfterAttempt('k1', refused, next)).toBe('new-key');
    expect(keyAfterAttempt('k1', new ApiError(403, 'ACL.FORBIDDEN', 'No.'), next)).toBe('new-key');
  });

  it('keeps the key when the outcome is unknown, so a retry records once', () => {
    const lost = new ApiError(0, 'NETWORK', 'Could not reach the server.');
    const slow = new ApiError(0, 'TIMEOUT', 'The server did not answer within 30 seconds.');
    const broken = new ApiError(503, 'DB.UNAVAILABLE', 'Try again.');
    const inFlight = new ApiError(409, 'IDEMPOTENCY.IN_FLIGHT', 'Still being processed.');
    for (const e of [lost, slow, broken, inFlight, new TypeError('x')])
      expect(keyAfterAttempt('k1', e, next)).toBe('k1');
  });
});
