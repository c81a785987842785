/** A bulk write's records as its answer counts them and as its statements write them. */
export interface Batches<T> {
  /** The request's batches of batchSize, in order. */
  counts: Array<{ batch: number; count: number }>;
  /** Each batch cut into statements of at most `perStatement` records, with the first's index. */
  pieces: Array<{ start: number; items: T[] }>;
}

/**
 * Cuts `items` into batches of `batchSize`, and each batch into pieces of at most `perStatement`
 * (the data lane's: on PGlite one statement holds the only connection while it runs). All of it
 * is one write, all or nothing, so a batch cut in two is written as if it were one.
 */
export function batchesOf<T>(
  items: readonly T[],
  batchSize: number,
  perStatement: number,
): Batches<T> {
  const result: Batches<T> = { counts: [], pieces: [] };
  for (let start = 0, batch = 1; start < items.length; start += batchSize, batch++) {
    const end = Math.min(start + batchSize, items.length);
    result.counts.push({ batch, count: end - start });
    for (let from = start; from < end; from += perStatement)
      result.pieces.push({
        start: from,
        items: items.slice(from, Math.min(from + perStatement, end)),
      });
  }
  return result;
}
