import { describe, expect, it } from 'vitest';
import { isIsoDate } from './iso-date';

describe('isIsoDate', () => {
  it.each([
    ['2024-01-01', true],
    ['2024-12-31', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['0001-01-01', true],
    ['9999-12-31', true],
    ['2024-04-30', true],
    ['2023-02-29', false],
    ['1900-02-29', false],
    ['2024-04-31', false],
    ['2024-02-30', false],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-01-00', false],
    ['2024-01-32', false],
    ['0000-01-01', false],
    ['2024-1-01', false],
    ['2024/01/01', false],
    ['01-01-2024', false],
    ['2024-01-01T00:00:00Z', false],
    [' 2024-01-01', false],
    ['', false],
  ])('%j is %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});
