import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test-support/use-test-database';
import { hit } from './rate-limit';

const database = useTestDatabase();

describe('hit (a fixed-window counter)', () => {
  it('counts within the window and starts a new one after it', async () => {
    const t0 = 1_800_000_000_000;
    expect(await hit(database.db, 'k1', 10, t0)).toMatchObject({ count: 1, retryAfter: 10 });
    expect(await hit(database.db, 'k1', 10, t0 + 4_500)).toMatchObject({
      count: 2,
      retryAfter: 6,
    });
    expect(await hit(database.db, 'k1', 10, t0 + 10_000)).toMatchObject({
      count: 1,
      retryAfter: 10,
    });
  });

  it('never announces a wait longer than the window, even to a request whose clock read came first', async () => {
    const t0 = 1_800_000_100_000;
    await hit(database.db, 'k2', 10, t0);
    // A parallel request that read the clock a few ms before the window above was opened.
    expect(await hit(database.db, 'k2', 10, t0 - 5)).toMatchObject({ count: 2, retryAfter: 10 });
  });
});
