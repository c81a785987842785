import type { Writable } from 'node:stream';

/** How long the zip's output must stand still to count as caught up (deflate runs in the thread pool). */
export const QUIET_MS = 10;

const tick = (ms = 0) =>
  new Promise<void>((resolve) => (ms === 0 ? setImmediate(resolve) : setTimeout(resolve, ms)));

/**
 * Resolved once `stream` can take more (its buffer drained), or `out` is gone (the client went
 * away: a stream piped into it then never drains).
 */
export async function drained(stream: Writable, out: Writable = stream): Promise<void> {
  while (stream.writableNeedDrain && !out.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        out.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      out.on('close', done);
    });
  }
}

/**
 * Resolved once what was written upstream has come through to `out` and `out` can take more:
 * `out` drained, and no byte reached it (`written()`, a running count) for a moment. For a
 * writer that takes whatever it is given without back-pressure of its own (exceljs's streaming
 * workbook hands each 64 KB of a sheet to its zip at once), so that the next batch is made only
 * once the zip has deflated the last one and the client has taken it.
 */
export async function quiet(out: Writable, written: () => number): Promise<void> {
  for (;;) {
    const before = written();
    await tick(QUIET_MS);
    await drained(out);
    if (out.destroyed || (written() === before && !out.writableNeedDrain)) return;
  }
}

/** `work`, or nothing once `out` is closed (a client gone while the file's last parts are made). */
export function unlessClosed(out: Writable, work: Promise<unknown>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (out.destroyed) return resolve();
    out.once('close', () => resolve());
    work.then(() => resolve(), reject);
  });
}

export { tick };
