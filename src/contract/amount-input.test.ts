import { describe, expect, it } from 'vitest';
import { AMOUNT } from './common';
import { readAmountInput } from './amount-input';

const shares = { label: 'Shares', money: false };
const cost = { label: 'Cost', money: true };

describe('readAmountInput', () => {
  it.each([
    ['1000', shares, '1000'],
    ['1,000', shares, '1000'],
    [' 12,345,678.50 ', shares, '12345678.50'],
    ['.5', shares, '0.5'],
    ['5.', shares, '5'],
    ['$1.50', cost, '1.50'],
    ['$ 1,250.5', cost, '1250.5'],
    ['1.50', cost, '1.50'],
    ['9999999999999.99', shares, '9999999999999.99'],
  ])('reads %j as %s', (text, field, amount) => {
    expect(readAmountInput(text, field)).toEqual({ amount });
    // What the form sends, the API takes.
    expect(AMOUNT.test(amount)).toBe(true);
  });

  it.each([
    ['$1.50', shares, 'Shares is a number of shares, not money: remove the $ sign.'],
    ['-5', shares, 'Shares cannot be negative: remove the minus sign.'],
    ['-$1', cost, 'Cost cannot be negative: remove the minus sign.'],
    [
      '1,5',
      shares,
      'Shares: use commas only between groups of three digits (1,000) and a point for decimals (12.50).',
    ],
    [
      '10,00.50',
      cost,
      'Cost: use commas only between groups of three digits (1,000) and a point for decimals (12.50).',
    ],
    ['1.505', cost, 'Cost takes at most 2 decimals; 1.505 has 3.'],
    ['12 shares', shares, 'Shares must be a number such as 1,000 or 12.50.'],
    ['1e3', cost, 'Cost must be a number such as 1,000 or 12.50 (a $ in front is fine).'],
    ['$', cost, 'Cost must be a number such as 1,000 or 12.50 (a $ in front is fine).'],
    ['.', shares, 'Shares must be a number such as 1,000 or 12.50.'],
    ['12345678901234', shares, 'Shares is too large: at most 13 digits before the point.'],
  ])('refuses %j saying why', (text, field, problem) => {
    expect(readAmountInput(text, field)).toEqual({ problem });
  });
});
