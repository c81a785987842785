import { describe, expect, it } from 'vitest';
import { amount, isoDate, safeText } from './common';

describe('amount', () => {
  it.each([
    ['1250.50', '1250.50'],
    [1250.5, '1250.5'],
    [0.1, '0.1'],
    [100, '100'],
    [1234567890123.45, '1234567890123.45'],
    [' 7 ', '7'],
  ])('reads %j exactly as %s', (input, text) => {
    expect(amount.parse(input)).toBe(text);
  });

  it.each([0.125, -1, 1e21, 1e-7, 12345678901234.5, Number.NaN, '1.234', 'abc', '-5', true, null])(
    'refuses %j',
    (input) => {
      expect(amount.safeParse(input).success).toBe(false);
    },
  );
});

describe('safeText and isoDate', () => {
  it('refuses NUL and unpaired surrogates, keeps pairs', () => {
    expect(safeText().safeParse('a\u0000b').success).toBe(false);
    expect(safeText().safeParse('a\uD800b').success).toBe(false);
    expect(safeText().safeParse('b\uDC00').success).toBe(false);
    expect(safeText().parse('Łukasz 😀')).toBe('Łukasz 😀');
  });

  it('keeps dates between 1900 and 9999', () => {
    expect(isoDate.safeParse('0000-01-01').success).toBe(false);
    expect(isoDate.safeParse('1899-12-31').success).toBe(false);
    expect(isoDate.parse('1900-01-01')).toBe('1900-01-01');
    expect(isoDate.parse('9999-12-31')).toBe('9999-12-31');
  });
});
