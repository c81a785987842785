import { describe, expect, it } from 'vitest';
import {
  isLedgerError,
  LEDGER_ERROR_CODES,
  LEDGER_ERROR_MESSAGES,
  LedgerError,
} from './ledger-error';

describe('LedgerError', () => {
  it.each(LEDGER_ERROR_CODES.map((code) => [code]))(
    '%s has its own clear default message',
    (code) => {
      const error = new LedgerError(code);
      expect(error.code).toBe(code);
      expect(error.message).toBe(LEDGER_ERROR_MESSAGES[code]);
      expect(error.message).toMatch(/^[A-Z].{10,}\.$/);
    },
  );

  it('gives every code a distinct message', () => {
    const messages = LEDGER_ERROR_CODES.map((code) => LEDGER_ERROR_MESSAGES[code]);
    expect(new Set(messages).size).toBe(LEDGER_ERROR_CODES.length);
  });

  it('carries field, details and an optional message', () => {
    const error = new LedgerError('LEDGER.INSUFFICIENT_SHARES', {
      field: 'shares',
      details: { requested: '10.00', available: '5.00' },
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('LedgerError');
    expect(error.field).toBe('shares');
    expect(error.details).toEqual({ requested: '10.00', available: '5.00' });
    expect(new LedgerError('LEDGER.INVALID_DATE', { message: 'Bad date.' }).message).toBe(
      'Bad date.',
    );
    expect(new LedgerError('LEDGER.INVALID_DATE').field).toBeUndefined();
  });

  it.each([
    [new LedgerError('LEDGER.HOLDER_NOT_FOUND'), true],
    [new Error('LEDGER.HOLDER_NOT_FOUND'), false],
    [{ code: 'LEDGER.HOLDER_NOT_FOUND', message: 'x' }, false],
    [null, false],
    ['LEDGER.HOLDER_NOT_FOUND', false],
  ])('isLedgerError(%o) is %s', (value, expected) => {
    expect(isLedgerError(value)).toBe(expected);
  });
});
