// The session cache (auth/principal-cache.ts) on the real app and database: it must answer from
// memory, yet never let a session that ended, or a role that changed, count after the change.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHolder, createOrganization, signInAs } from '../test-support/fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let holderId: string;
const DIRECTORY = '/api/v1/shareholders';

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '10' } });
  const { organization } = await createOrganization(t.database.db);
  const admin = await createHolder(t.database.db, organization.id, {
    name: 'Ada Admin',
    email: 'ada@cache.test',
    isAdmin: true,
  });
  holderId = admin.id;
});
afterAll(() => t.close());

const directory = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: DIRECTORY, headers }).then((r) => r.statusCode);

/** Polls until the app logs the cache's state `on`, the n-th time. */
async function cacheTurned(on: boolean, times = 1) {
  const seen = () =>
    t.logs.filter((l) => l.msg === (on ? 'session cache on' : 'session cache off'));
  for (let i = 0; i < 100 && seen().length < times; i++)
    await new Promise((r) => setTimeout(r, 50));
  expect(seen().length).toBeGreaterThanOrEqual(times);
}

/** Polls `probe` until it answers `status`; how long that took, in ms. */
async function within(probe: () => Promise<number>, status: number): Promise<number> {
  const started = performance.now();
  while ((await probe()) !== status) {
    if (performance.now() - started > 2_000) throw new Error(`still not ${status} after 2 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - started;
}

/** Runs `change` with the session table's change notices silenced, as a lost notice would be. */
async function unnoticed(change: () => Promise<unknown>) {
  const trigger = sql`alter table auth_session disable trigger auth_session_principal_change`;
  await t.database.db.execute(trigger);
  try {
    await change();
  } finally {
    await t.database.db.execute(
      sql`alter table auth_session enable trigger auth_session_principal_change`,
    );
  }
}

/** Ada's new session, once the directory has answered it. */
async function adaSignedIn() {
  const as = await signInAs(t, 'ada@cache.test');
  expect(await directory(as)).toBe(200);
  return as;
}

/** Signs the session out through this server (a write request). */
const logout = (as: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/auth/logout', headers: as });

const endSessions = () =>
  t.database.db.execute(
    sql`delete from auth_session where user_id in
          (select id from auth_user where email = 'ada@cache.test')`,
  );

describe('the session cache', () => {
  it('answers a known session from memory (proof: a row deleted unnoticed still answers)', async () => {
    await cacheTurned(true);
    const as = await adaSignedIn();
    await unnoticed(endSessions);
    expect(await directory(as)).toBe(200);
    // A write request of this server empties it: the next read is the database's.
    await logout(as);
    expect(await directory(as)).toBe(401);
  });

  it.each([
    {
      what: 'a data query, a POST that only reads',
      post: (as: Record<string, string>) => ({
        url: '/api/v1/mysql/query',
        headers: as,
        payload: { entity: 'tenants' },
      }),
      status: 200,
    },
    {
      what: 'a share transaction: balances are no part of who anyone is',
      post: (as: Record<string, string>) => ({
        url: '/api/v1/transactions',
        headers: { ...as, 'idempotency-key': randomUUID() },
        payload: {
          ShareholderId: holderId,
          ShareDate: '2024-04-01',
          Shares: '5',
          Type: 'New Issue',
        },
      }),
      status: 201,
    },
  ])('keeps what it knows across $what', async ({ post, status }) => {
    const as = await adaSignedIn();
    await unnoticed(endSessions);
    const answer = await t.app.inject({ method: 'POST', ...post(as) });
    expect(answer.statusCode).toBe(status);
    expect(await directory(as)).toBe(200);
    await logout(as);
    expect(await directory(as)).toBe(401);
  });

  it('refuses a session another server ended, as soon as the database tells', async () => {
    const as = await adaSignedIn();
    await endSessions();
    expect(await within(() => directory(as), 401)).toBeLessThan(1_000);
  });

  it('counts a demotion made elsewhere at the next request after the notice', async () => {
    const as = await adaSignedIn();
    await t.database.db.execute(
      sql`update shareholder set is_admin = false where id = ${holderId}`,
    );
    try {
      expect(await within(() => directory(as), 403)).toBeLessThan(1_000);
    } finally {
      await t.database.db.execute(
        sql`update shareholder set is_admin = true where id = ${holderId}`,
      );
    }
  });

  it('counts a sign-out made here at the very next request, notice or not', async () => {
    const as = await adaSignedIn();
    await unnoticed(() => logout(as));
    expect(await directory(as)).toBe(401);
  });
});

describe('with SESSION_CACHE_SECONDS=0', () => {
  it('remembers nothing: a session ended unnoticed is refused at once', async () => {
    const off = await createTestApp({ env: { SESSION_CACHE_SECONDS: '0' } });
    try {
      const { organization } = await createOrganization(off.database.db);
      await createHolder(off.database.db, organization.id, {
        name: 'Otto Off',
        email: 'otto@cache.test',
        isAdmin: true,
      });
      const as = await signInAs(off, 'otto@cache.test');
      const get = () => off.app.inject({ method: 'GET', url: DIRECTORY, headers: as });
      expect((await get()).statusCode).toBe(200);
      await off.database.db.execute(
        sql`alter table auth_session disable trigger auth_session_principal_change`,
      );
      await off.database.db.execute(sql`delete from auth_session`);
      expect((await get()).statusCode).toBe(401);
    } finally {
      await off.close();
    }
  });
});
