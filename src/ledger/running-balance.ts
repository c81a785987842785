export interface LedgerOrderKey {
  /** YYYY-MM-DD. */
  date: string;
  transactionOrder: number | bigint;
}

/** Date, then transaction order, ascending: the order of every history. */
export function compareLedgerOrder(a: LedgerOrderKey, b: LedgerOrderKey): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.transactionOrder === b.transactionOrder) return 0;
  return a.transactionOrder < b.transactionOrder ? -1 : 1;
}

/**
 * Adds the cumulative sum of `shares` to each row, in the order given.
 * Sort with `compareLedgerOrder` first.
 */
export function withRunningBalance<T extends { shares: bigint }>(
  rows: readonly T[],
): Array<T & { runningBalance: bigint }> {
  let runningBalance = 0n;
  return rows.map((row) => {
    runningBalance += row.shares;
    return { ...row, runningBalance };
  });
}
