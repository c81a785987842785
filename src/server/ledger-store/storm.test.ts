import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createTestDatabase, testDatabaseKind } from '../test-support/test-database';
import { apiStorm, refusedAsInsufficient, soundStormVerdict } from '../test-support/storm';

// Concurrent transfers out of one certificate through the API, some sent twice with the same
// Idempotency-Key (checklist LED-06/07/08). Full size against PostgreSQL (CI sets
// TEST_DATABASE_URL); a tenth of it on PGlite, which runs one transaction at a time anyway.
const FULL = testDatabaseKind() === 'postgres';
const SCALE = FULL ? 1 : 10;

let t: TestApp;
beforeAll(async () => {
  const database = await createTestDatabase();
  if (database.pool) {
    // Thousands of requests queue for the connections: let them wait for one rather than fail
    // fast with 503 (that fail-fast is DUR-04's behaviour, tested elsewhere).
    database.pool.options.connectionTimeoutMillis = 60_000;
    database.pool.options.max = 20;
  }
  t = await createTestApp({ database });
});
afterAll(() => t.close());

describe('storm', () => {
  const transfers = 1000 / SCALE;
  const shares = 500 / SCALE;
  it(`${transfers} concurrent one-share transfers out of a ${shares}-share certificate, 10 % sent twice (issue 4)`, async () => {
    const r = await apiStorm(t, { transfers, shares, each: 1, duplicateEvery: 10 });
    expect(r.duplicates).toBe(transfers / 10);
    expect(r.answers.filter((a) => a.status === 201)).toHaveLength(shares);
    expect(refusedAsInsufficient(r.answers)).toBe(transfers - shares);
    expect(r).toMatchObject(soundStormVerdict(shares, shares));
  }, 300_000);

  it(`${transfers} concurrent transfers of the whole ${shares} shares of one certificate: exactly 1 succeeds (LED-06)`, async () => {
    const r = await apiStorm(t, { transfers, shares, each: shares });
    expect(r.answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(refusedAsInsufficient(r.answers)).toBe(transfers - 1);
    expect(r).toMatchObject(soundStormVerdict(1, shares));
  }, 300_000);
});
