import { describe, expect, it } from 'vitest';
import { compareLedgerOrder, withRunningBalance, type LedgerOrderKey } from './running-balance';

describe('compareLedgerOrder', () => {
  it.each<[LedgerOrderKey, LedgerOrderKey, number]>([
    [{ date: '2024-01-01', transactionOrder: 9 }, { date: '2024-01-02', transactionOrder: 1 }, -1],
    [{ date: '2024-02-01', transactionOrder: 1 }, { date: '2024-01-31', transactionOrder: 9 }, 1],
    [{ date: '2024-01-01', transactionOrder: 1 }, { date: '2024-01-01', transactionOrder: 2 }, -1],
    [{ date: '2024-01-01', transactionOrder: 10 }, { date: '2024-01-01', transactionOrder: 9 }, 1],
    [{ date: '2024-01-01', transactionOrder: 3 }, { date: '2024-01-01', transactionOrder: 3 }, 0],
    [
      { date: '2024-01-01', transactionOrder: 10n },
      { date: '2024-01-01', transactionOrder: 9n },
      1,
    ],
  ])('%o vs %o is %i', (a, b, expected) => {
    expect(compareLedgerOrder(a, b)).toBe(expected);
  });

  it('sorts a history by date, then transaction order', () => {
    const rows = [
      { id: 'c', date: '2024-03-01', transactionOrder: 2 },
      { id: 'b', date: '2024-01-15', transactionOrder: 7 },
      { id: 'a', date: '2024-01-15', transactionOrder: 3 },
      { id: 'd', date: '2024-03-01', transactionOrder: 11 },
    ];
    expect([...rows].sort(compareLedgerOrder).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('withRunningBalance', () => {
  it.each<[string, bigint[], bigint[]]>([
    ['empty history', [], []],
    ['one issue', [10000n], [10000n]],
    [
      'issue, transfer out, transfer in, cancel',
      [10000n, -2550n, 1n, -7451n],
      [10000n, 7450n, 7451n, 0n],
    ],
    ['conversion out then in', [5000n, -5000n, 5000n], [5000n, 0n, 5000n]],
  ])('%s', (_name, shares, expected) => {
    const rows = shares.map((s, i) => ({ id: i, shares: s }));
    const result = withRunningBalance(rows);
    expect(result.map((r) => r.runningBalance)).toEqual(expected);
    expect(result.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('follows ledger order once sorted', () => {
    const rows = [
      { date: '2024-05-01', transactionOrder: 5, shares: -300n },
      { date: '2024-01-01', transactionOrder: 1, shares: 1000n },
      { date: '2024-05-01', transactionOrder: 4, shares: 200n },
    ];
    const result = withRunningBalance([...rows].sort(compareLedgerOrder));
    expect(result.map((r) => [r.transactionOrder, r.runningBalance])).toEqual([
      [1, 1000n],
      [4, 1200n],
      [5, 900n],
    ]);
  });

  it('does not change its input', () => {
    const rows = [{ shares: 5n }];
    withRunningBalance(rows);
    expect(rows).toEqual([{ shares: 5n }]);
  });
});
