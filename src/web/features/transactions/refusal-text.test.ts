import { describe, expect, it } from 'vitest';
import type { CertificateRow } from '../../../contract/ledger';
import { LEDGER_ERROR_MESSAGES } from '../../../ledger/ledger-error';
import { ApiError } from '../../lib/api-client';
import { refusalOf } from './refusal-text';

const certificate: CertificateRow = {
  id: '6f1c2f9e-8f57-4d39-9a59-1e9c4d2b7a10',
  number: 12,
  certificate: 'CS-12',
  classType: 'common',
  holderId: '0b7f4c1e-2d3a-4c5b-8e9f-a1b2c3d4e5f6',
  holderName: 'Ada Lovelace',
  balance: '50.00',
  cost: '2.50',
  effectiveDate: '2024-03-01',
  origin: null,
};
const refused = (code: keyof typeof LEDGER_ERROR_MESSAGES, field: string, details: object) =>
  new ApiError(409, code, LEDGER_ERROR_MESSAGES[code], field, { ...details });

describe('refusalOf (what Manage Shares says about a refused transaction)', () => {
  it.each([
    [
      refused('LEDGER.INSUFFICIENT_SHARES', 'shares', { available: '50.00', requested: '5000' }),
      'Shares',
      'The chosen origin certificates do not hold enough shares. ' +
        'The chosen certificates hold 50 shares; you asked for 5,000.',
    ],
    [
      refused('LEDGER.DATE_BEFORE_ORIGIN', 'date', {
        certificateId: certificate.id,
        effectiveDate: '2024-03-01',
      }),
      'ShareDate',
      'The date is before the effective date of an origin certificate. ' +
        'The earliest allowed date is Mar 1, 2024.',
    ],
    [
      refused('LEDGER.DATE_IN_FUTURE', 'date', { today: '2026-11-26' }),
      'ShareDate',
      'The date cannot be later than today. Today is Nov 26, 2026.',
    ],
    [
      refused('LEDGER.ORIGIN_EMPTY', 'origins.0', { certificateId: certificate.id }),
      'Origin',
      'An origin certificate has no shares left. Certificate CS-12.',
    ],
    [
      refused('LEDGER.RECIPIENT_INACTIVE', 'toHolderId', {}),
      'DestinationShareholderId',
      'The receiving shareholder is not active.',
    ],
  ])('%#: puts the rule and the figures next to the field', (error, field, message) => {
    expect(refusalOf(error, [certificate])).toEqual({ field, message, fixable: true });
  });

  it('says which request failed, with no field, when the person cannot fix it', () => {
    const outage = new ApiError(503, 'DB.UNAVAILABLE', 'The database is unavailable.');
    expect(refusalOf(outage, [])).toEqual({
      field: undefined,
      message: 'The database is unavailable.',
      fixable: false,
    });
    const offline = new ApiError(0, 'NETWORK', 'Could not reach the server.');
    expect(refusalOf(offline, []).fixable).toBe(false);
    expect(refusalOf(new TypeError('failed'), []).fixable).toBe(false);
  });
});
