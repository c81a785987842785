import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLogin, createHolder, createOrganization } from '../test-support/fixtures';
import { expectPagePolicies } from '../test-support/expect-page-policies';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { authClient } from '../test-support/auth-client';

let t: TestApp;
let c: ReturnType<typeof authClient>;
const PW = 'correct horse battery staple';

beforeAll(async () => {
  const webDir = mkdtempSync(join(tmpdir(), 'registry-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(
    join(webDir, 'auth-popup.html'),
    '<!doctype html><script src="/auth-popup.js"></script>',
  );
  writeFileSync(join(webDir, 'auth-popup.js'), 'void 0;');
  t = await createTestApp({ webDir });
  c = authClient(t);
  const { organization } = await createOrganization(t.database.db);
  await createHolder(t.database.db, organization.id, { name: 'Harper', email: 'holder@t.test' });
  await createHolder(t.database.db, organization.id, { name: 'Other', email: 'other@t.test' });
  await addLogin(t, 'holder@t.test', 'Harper', PW);
});
afterAll(() => t.close());

describe('headers of the sign-in pages (HDR-04, HDR-05)', () => {
  it('keep the popup connected to its opener, and other pages isolated', async () => {
    const popup = await t.app.inject({ method: 'GET', url: '/auth-popup.html?outcome=success' });
    expect(popup.statusCode).toBe(200);
    expect(popup.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(String(popup.headers['content-security-policy'])).toContain("script-src 'self'");
    await expectPagePolicies(t);
  });
});

describe('authenticated answers (HDR-07) and refusals (LOG-02)', () => {
  it('are never cached, and refused calls are logged', async () => {
    const { cookie } = await c.login('holder@t.test', PW);
    for (const res of [
      await c.userInfo({ cookie: cookie! }),
      await t.app.inject({ method: 'GET', url: '/auth/account', headers: { cookie: cookie! } }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/auth/account', headers: { cookie: cookie! } })
      ).json(),
    ).toEqual({ hasPassword: true });
    const before = t.logs.length;
    await c.post(
      '/auth/set-password',
      { email: 'other@t.test', newPassword: 'not allowed at all' },
      { cookie: cookie! },
    );
    await t.app.inject({ method: 'GET', url: '/auth/account' });
    const added = t.logs.slice(before);
    expect(added.filter((l) => l.event === 'auth.password.set_refused')).toHaveLength(1);
    expect(added.filter((l) => l.msg === 'access denied')).toHaveLength(1);
  });

  it('never use GET to change state, except the Google start the spec requires', () => {
    const gets = t.app.routeInventory.filter(
      (r) => r.startsWith('GET /auth/') || r.startsWith('GET /api/auth/'),
    );
    expect(gets.sort()).toEqual([
      'GET /api/auth/callback/:providerId',
      'GET /api/auth/list-sessions',
      'GET /auth/account',
      'GET /auth/callback',
      'GET /auth/oauth/google',
      'GET /auth/providers',
    ]);
  });
});
