import { describe, expect, it } from 'vitest';
import { CLASS_TYPES, isClassType } from './class-types';

describe('class types', () => {
  it.each([
    ['common', true],
    ['preferred', true],
    ['Common', false],
    ['ordinary', false],
    ['', false],
    [null, false],
  ])('isClassType(%j) is %s', (value, expected) => {
    expect(isClassType(value)).toBe(expected);
  });

  it('has exactly two classes', () => {
    expect(CLASS_TYPES).toEqual(['common', 'preferred']);
  });
});
