import { describe, expect, it } from 'vitest';
import { exactAmount } from './ocf-amount';

describe('exactAmount', () => {
  it('reads OCF Numeric strings exactly, trailing zeros past 2 decimals dropped', () => {
    expect(exactAmount('1000000000.00')).toBe('1000000000.00');
    expect(exactAmount('0.5000000000')).toBe('0.50');
    expect(exactAmount('007')).toBe('7.00');
    expect(exactAmount('9999999999999.99')).toBe('9999999999999.99');
  });

  it('refuses more decimals than the ledger keeps, negatives, and past its range', () => {
    expect(exactAmount('1.005')).toBeNull();
    expect(exactAmount('0.0001000000')).toBeNull();
    expect(exactAmount('-1')).toBeNull();
    expect(exactAmount('1e3')).toBeNull();
    expect(exactAmount('10000000000000')).toBeNull();
  });
});
