import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { demoLogins, seedDemoData } from './seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database);
});
afterAll(() => t.close());

describe('the demo holders with logins', () => {
  it('are listed for npm start: an administrator, two shareholders and an auditor', async () => {
    const logins = await demoLogins(t.database);
    expect(logins).toEqual([
      { role: 'administrator', email: 'admin@acme.test', password: 'demo-admin-2026' },
      { role: 'shareholder', email: 'holder@acme.test', password: 'demo-holder-2026' },
      { role: 'shareholder', email: 'lukasz@acme.test', password: 'demo-lukasz-2026' },
      { role: 'read-only', email: 'auditor@acme.test', password: 'demo-auditor-2026' },
    ]);
  });

  it('sign in with their demo passwords and get their roles', async () => {
    for (const login of await demoLogins(t.database)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: login.email, password: login.password },
      });
      expect(res.statusCode, login.email).toBe(200);
      const { accessToken } = res.json<{ accessToken: string }>();
      const me = await t.app.inject({
        method: 'POST',
        url: '/api/v1/userInfo',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(me.json()).toMatchObject({
        email: login.email,
        isAdmin: login.role === 'administrator',
        isReadOnly: login.role === 'read-only',
        SH_ID: expect.any(String),
      });
    }
    const lukasz = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'lukasz@acme.test', password: 'demo-lukasz-2026' },
    });
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/v1/userInfo',
      headers: { authorization: `Bearer ${lukasz.json<{ accessToken: string }>().accessToken}` },
    });
    expect(me.json()).toMatchObject({ friendlyName: 'Łukasz Żółć' });
  });

  it('are not default accounts elsewhere: an empty database has no login (AUTH-08)', async () => {
    const empty = await createTestApp();
    try {
      expect(await demoLogins(empty.database)).toEqual([]);
      const res = await empty.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: 'admin@acme.test', password: 'demo-admin-2026' },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await empty.close();
    }
  }, 90_000);
});
