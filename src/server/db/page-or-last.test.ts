import { describe, expect, it } from 'vitest';
import { pageOrLast } from './page-or-last';

/** 25 rows, pages of 10: the reads the rule makes are counted. */
function listOf25() {
  const all = Array.from({ length: 25 }, (_, i) => i + 1);
  const calls = { count: 0, page: 0 };
  const count = async () => (calls.count++, all.length);
  const readPage = async (p: number) => (calls.page++, all.slice((p - 1) * 10, p * 10));
  return { calls, count, readPage };
}

describe('pageOrLast', () => {
  it('answers a page within the list as read, counting only when asked to', async () => {
    const { calls, count, readPage } = listOf25();
    const asked = { page: 2, pageSize: 10, rows: [11, 12] };
    expect(await pageOrLast({ ...asked, total: 25 }, readPage)).toEqual({
      page: 2,
      rows: [11, 12],
      total: 25,
    });
    expect(calls).toEqual({ count: 0, page: 0 });
    expect((await pageOrLast({ ...asked, total: count }, readPage)).total).toBe(25);
    expect(calls).toEqual({ count: 1, page: 0 });
  });

  it('answers a page past the end with the last page and the total', async () => {
    const { calls, count, readPage } = listOf25();
    const shown = await pageOrLast({ page: 9, pageSize: 10, rows: [], total: count }, readPage);
    expect(shown).toEqual({ page: 3, rows: [21, 22, 23, 24, 25], total: 25 });
    expect(calls).toEqual({ count: 1, page: 1 });
  });

  it('uses a total the first read knew instead of counting', async () => {
    const { calls, readPage } = listOf25();
    const shown = await pageOrLast({ page: 4, pageSize: 10, rows: [], total: 25 }, readPage);
    expect(shown.page).toBe(3);
    expect(calls).toEqual({ count: 0, page: 1 });
  });

  it('answers page 1 and no rows for an empty list, whatever page was asked', async () => {
    let counted = 0;
    const count = async () => (counted++, 0);
    const readPage = async () => [] as number[];
    const first = await pageOrLast({ page: 1, pageSize: 10, rows: [], total: count }, readPage);
    expect(first).toEqual({ page: 1, rows: [], total: 0 });
    expect(counted).toBe(0); // an empty first page needs no count
    const far = await pageOrLast({ page: 5, pageSize: 10, rows: [], total: count }, readPage);
    expect(far).toEqual({ page: 1, rows: [], total: 0 });
  });
});
