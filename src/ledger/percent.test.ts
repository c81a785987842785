import { describe, expect, it } from 'vitest';
import { percentOf } from './percent';

describe('percentOf', () => {
  it('writes an exact percentage with 4 decimals, rounded half up', () => {
    expect(percentOf(1n, 3n)).toBe('33.3333');
    expect(percentOf(2n, 3n)).toBe('66.6667');
    expect(percentOf(16000n, 20000n)).toBe('80.0000');
    expect(percentOf(5n, 10_000_000n)).toBe('0.0001');
    expect(percentOf(4n, 10_000_000n)).toBe('0.0000');
    expect(percentOf(7n, 7n)).toBe('100.0000');
    expect(percentOf(10n ** 15n, 3n)).toBe('33333333333333333.3333');
  });

  it('answers 0 for an empty whole', () => {
    expect(percentOf(0n, 0n)).toBe('0.0000');
  });
});
