import { describe, expect, it } from 'vitest';
import { directoryAddress } from './directory-address';

const read = (query: string) =>
  directoryAddress.parse(Object.fromEntries(new URLSearchParams(query)));

describe("the directory's address", () => {
  it('is read with the API schema, each missing value its default (page size: the first)', () => {
    expect(read('')).toEqual({ sort: 'name', dir: 'asc', page: 1, q: undefined, size: 25 });
    expect(read('sort=balance&dir=desc&page=3&q=Ada&size=100')).toEqual({
      sort: 'balance',
      dir: 'desc',
      page: 3,
      q: 'Ada',
      size: 100,
    });
  });

  it('falls back to the default for each value the schema refuses, keeping the others', () => {
    expect(read('sort=nope&dir=sideways&page=-2&size=30&q=Ada')).toEqual({
      sort: 'name',
      dir: 'asc',
      page: 1,
      q: 'Ada',
      size: 25,
    });
    expect(read('page=abc&size=0').page).toBe(1);
  });
});
