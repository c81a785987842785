// PostgreSQL only: the hot-account storm at the security checklist's own size (LED-07/08), 3,000
// concurrent one-share transfers out of a 1,000-share holder with 20 % of them sent twice. On
// PGlite, which runs one transaction at a time, it would only repeat storm.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createTestDatabase } from '../test-support/test-database';
import { apiStorm, refusedAsInsufficient } from '../test-support/storm';

let t: TestApp;
beforeAll(async () => {
  const database = await createTestDatabase();
  database.pool!.options.connectionTimeoutMillis = 60_000;
  database.pool!.options.max = 20;
  t = await createTestApp({ database });
});
afterAll(() => t.close());

describe('storm at the checklist size', () => {
  it('3,000 concurrent one-share transfers out of a 1,000-share holder, 20 % sent twice: exactly 1,000 succeed (LED-07)', async () => {
    const r = await apiStorm(t, { transfers: 3000, shares: 1000, each: 1, duplicateEvery: 5 });
    expect(r.duplicates).toBe(600);
    expect(r.answers.filter((a) => a.status === 201)).toHaveLength(1000);
    expect(refusedAsInsufficient(r.answers)).toBe(2000);
    expect(r).toMatchObject({
      transfers: 1000,
      originKept: '0.00',
      originFromTransactions: '0.00',
      receivedKept: '1000.00',
      receivedFromTransactions: '1000.00',
      violations: [],
    });
  }, 300_000);
});
