import { describe, expect, it } from 'vitest';
import { asOfAddressNotice, asOfInputRefusal, asOfProblem } from './as-of-date';

const today = '2026-11-26';

describe('an as-of date', () => {
  it.each([
    ['2026-11-26', null],
    ['2024-02-29', null],
    ['1900-01-01', null],
    ['2026-11-27', 'after-today'],
    ['9999-12-31', 'after-today'],
    ['1899-12-31', 'too-early'],
    ['2024-02-30', 'not-a-date'],
    ['2024-13-01', 'not-a-date'],
    ['10000-01-01', 'not-a-date'],
    ['garbage', 'not-a-date'],
    ['', 'not-a-date'],
  ])('%j: %s', (value, problem) => {
    expect(asOfProblem(value, today)).toBe(problem);
  });

  it('is refused by the input, and noticed in the address, in words', () => {
    expect(asOfInputRefusal('after-today', today)).toBe(
      'The as-of date cannot be after today (Nov 26, 2026).',
    );
    expect(asOfInputRefusal(null, today)).toBeNull();
    expect(asOfAddressNotice('2026-12-01', 'after-today')).toBe(
      "The as-of date in the address, Dec 1, 2026, is after today. Showing today's figures.",
    );
    expect(asOfAddressNotice('soon', 'not-a-date')).toBe(
      "The as-of date in the address, “soon”, is not a date. Showing today's figures.",
    );
    expect(asOfAddressNotice('2026-11-01', null)).toBeNull();
  });
});
