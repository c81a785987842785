import { describe, expect, it } from 'vitest';
import {
  addressLine,
  addressLines,
  formatCost,
  formatCount,
  formatDate,
  formatShares,
} from './format';

describe('format', () => {
  it.each([
    ['1250.00', '1,250'],
    ['12.50', '12.50'],
    ['-36797.00', '-36,797'],
    ['0.00', '0'],
    ['-0.00', '0'],
    ['1234567890123.45', '1,234,567,890,123.45'],
  ])('shares %s → %s', (input, out) => expect(formatShares(input)).toBe(out));

  it.each([
    ['1250.5', '$1,250.50'],
    ['0.00', '$0.00'],
    ['-3.00', '-$3.00'],
    ['1000000.01', '$1,000,000.01'],
  ])('cost %s → %s', (input, out) => expect(formatCost(input)).toBe(out));

  it('formats counts and dates one way', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDate('2025-12-31')).toBe('Dec 31, 2025');
    expect(formatDate('nonsense')).toBe('nonsense');
  });
});

describe('addressLines / addressLine', () => {
  it('puts city, state and ZIP on one line and leaves out empty parts', () => {
    const full = {
      address: '1 Main St',
      city: 'Dover',
      state: 'DE',
      zipCode: '19901',
      country: 'US',
    };
    expect(addressLines(full)).toEqual(['1 Main St', 'Dover, DE 19901', 'US']);
    expect(addressLine({ ...full, country: '' })).toBe('1 Main St, Dover, DE 19901');
    expect(addressLines({ address: '', city: '', state: 'DE', zipCode: '' })).toEqual(['DE']);
    expect(addressLine({ address: '', city: '', state: '', zipCode: '' })).toBe('');
  });
});
