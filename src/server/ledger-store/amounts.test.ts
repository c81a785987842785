import { describe, expect, it } from 'vitest';
import { formatAmount, parseSignedAmount } from '../../ledger';
import { amountText } from './amounts';

describe('amountText (a numeric read from Postgres, as the API answers it)', () => {
  it.each([
    ['1234.50', '1234.50'],
    ['0.00', '0.00'],
    ['-0.05', '-0.05'],
    ['12.5', '12.50'],
    ['7', '7.00'],
    ['007.10', '7.10'],
    ['-0.00', '0.00'],
    ['-0', '0.00'],
    ['1.500', '1.50'],
    [' 3.00', '3.00'],
    [null, '0.00'],
    [undefined, '0.00'],
  ])('%j reads as %j', (text, expected) => {
    expect(amountText(text)).toBe(expected);
  });

  it('gives what parsing and formatting give, for every form Postgres may send', () => {
    for (const text of ['0.01', '-12.34', '99999999999999.99', '100', '0.10', '-1.2']) {
      expect(amountText(text)).toBe(formatAmount(parseSignedAmount(text)));
    }
  });

  it('refuses what is not a 2-decimal amount', () => {
    expect(() => amountText('1.234')).toThrow();
    expect(() => amountText('abc')).toThrow();
  });
});
