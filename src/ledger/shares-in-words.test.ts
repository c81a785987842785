import { describe, expect, it } from 'vitest';
import { integerInWords, sharesInWords } from './shares-in-words';

describe('sharesInWords', () => {
  it.each([
    ['1250.50', 'One thousand two hundred fifty and 50/100'],
    ['100', 'One hundred'],
    ['100.00', 'One hundred'],
    ['0.75', 'Zero and 75/100'],
    ['0.05', 'Zero and 05/100'],
    ['21', 'Twenty-one'],
    ['1000000', 'One million'],
    ['1001', 'One thousand one'],
    ['40.10', 'Forty and 10/100'],
    [
      '9999999999999.99',
      'Nine trillion nine hundred ninety-nine billion nine hundred ninety-nine million nine ' +
        'hundred ninety-nine thousand nine hundred ninety-nine and 99/100',
    ],
  ])('%s → %s', (amount, words) => {
    expect(sharesInWords(amount)).toBe(words);
  });

  it('reads the teens and round tens', () => {
    expect(integerInWords(13n)).toBe('thirteen');
    expect(integerInWords(90n)).toBe('ninety');
    expect(integerInWords(110n)).toBe('one hundred ten');
    expect(integerInWords(2_000_017n)).toBe('two million seventeen');
  });

  it('refuses a negative amount and one beyond the trillions', () => {
    expect(() => sharesInWords('-1.00')).toThrow(RangeError);
    expect(() => integerInWords(10n ** 15n)).toThrow(RangeError);
  });
});
