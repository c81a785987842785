// PostgreSQL only: the notices come over a connection of their own, which can be lost.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHolder, createOrganization, signInAs } from '../test-support/fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '10' } });
  const { organization } = await createOrganization(t.database.db);
  await createHolder(t.database.db, organization.id, {
    name: 'Ada Admin',
    email: 'ada@cache.test',
    isAdmin: true,
  });
});
afterAll(() => t.close());

const directory = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/shareholders', headers }).then((r) => r.statusCode);

async function cacheTurned(msg: 'session cache on' | 'session cache off', times: number) {
  const seen = () => t.logs.filter((l) => l.msg === msg).length;
  for (let i = 0; i < 100 && seen() < times; i++) await new Promise((r) => setTimeout(r, 50));
  expect(seen()).toBeGreaterThanOrEqual(times);
}

it('answers nothing from memory while the notices are lost, and listens again', async () => {
  await cacheTurned('session cache on', 1);
  const as = await signInAs(t, 'ada@cache.test');
  expect(await directory(as)).toBe(200);
  await t.database.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query = 'LISTEN registry_principals'`,
  );
  await cacheTurned('session cache off', 1);
  // Ended with its notice silenced: only a cache that is really off can see it.
  await t.database.db.execute(
    sql`alter table auth_session disable trigger auth_session_principal_change`,
  );
  await t.database.db.execute(sql`delete from auth_session`);
  await t.database.db.execute(
    sql`alter table auth_session enable trigger auth_session_principal_change`,
  );
  expect(await directory(as)).toBe(401);
  await cacheTurned('session cache on', 2);
  expect(t.logs.some((l) => l.msg === 'notifications lost; listening again in a second')).toBe(
    true,
  );
});
