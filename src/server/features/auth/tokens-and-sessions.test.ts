import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../../contract/auth';
import { createLogin } from '../../auth/create-login';
import { authSession, authUser, shareholder } from '../../db/schema';
import { createHolder, createOrganization } from '../../test-support/fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { authClient } from './auth-test-helpers';

let t: TestApp;
let c: ReturnType<typeof authClient>;
const PW = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestApp();
  c = authClient(t);
  const { organization } = await createOrganization(t.database.db);
  await createHolder(t.database.db, organization.id, {
    name: 'Harper Holder',
    email: 'holder@t.test',
  });
  await createHolder(t.database.db, organization.id, {
    name: 'Avery Admin',
    email: 'admin@t.test',
    isAdmin: true,
  });
  await createHolder(t.database.db, organization.id, {
    name: 'Other Holder',
    email: 'other@t.test',
  });
  for (const email of ['holder@t.test', 'admin@t.test', 'nomatch@t.test'])
    await createLogin(t.app.authRuntime.auth, t.database.db, {
      email,
      name: 'User ' + email,
      password: PW,
    });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const pairOf = async (email: string) =>
  (await c.login(email, PW)).res.json<{ accessToken: string; refreshToken: string }>();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/v1/userInfo', () => {
  it('answers the session user and the matched holder (spec section 3)', async () => {
    const { cookie } = await c.login('admin@t.test', PW);
    const res = await c.userInfo({ cookie: cookie! });
    expect(res.statusCode).toBe(200);
    const [holder] = await t.database.db
      .select()
      .from(shareholder)
      .where(eq(shareholder.email, 'admin@t.test'));
    const [user] = await t.database.db
      .select()
      .from(authUser)
      .where(eq(authUser.email, 'admin@t.test'));
    expect(res.json()).toEqual({
      userId: user!.id,
      username: 'admin@t.test',
      id: user!.id,
      email: 'admin@t.test',
      friendlyName: 'Avery Admin',
      SH_ID: holder!.id,
      isAdmin: true,
    });
  });

  it('answers SH_ID null for a user whose e-mail matches no holder (→ /noaccount)', async () => {
    const { cookie } = await c.login('nomatch@t.test', PW);
    expect((await c.userInfo({ cookie: cookie! })).json()).toMatchObject({
      SH_ID: null,
      isAdmin: false,
    });
  });

  it('answers 401 without a session', async () => {
    const res = await c.userInfo({});
    expect(res.statusCode).toBe(401);
  });
});

describe('access and refresh tokens (SES-04, SES-08)', () => {
  it('rotates the refresh token; the old access token dies', async () => {
    const first = await pairOf('holder@t.test');
    const res = await c.post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(res.statusCode).toBe(200);
    const second = res.json<{ accessToken: string; refreshToken: string }>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await c.userInfo(bearer(first.accessToken))).statusCode).toBe(401);
    expect((await c.userInfo(bearer(second.accessToken))).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is reused', async () => {
    const first = await pairOf('holder@t.test');
    const second = (await c.post('/auth/refresh', { refreshToken: first.refreshToken })).json<{
      accessToken: string;
      refreshToken: string;
    }>();
    const reuse = await c.post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({
      code: 'AUTH.INVALID_REFRESH_TOKEN',
      message: authMessages.invalidRefreshToken,
    });
    expect((await c.userInfo(bearer(second.accessToken))).statusCode).toBe(401);
    expect((await c.post('/auth/refresh', { refreshToken: second.refreshToken })).statusCode).toBe(
      401,
    );
  });

  it('gives access tokens 15 minutes that never slide', async () => {
    const pair = await pairOf('holder@t.test');
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start + 14 * 60_000);
    expect((await c.userInfo(bearer(pair.accessToken))).statusCode).toBe(200);
    vi.setSystemTime(start + 15 * 60_000 + 1000);
    expect((await c.userInfo(bearer(pair.accessToken))).statusCode).toBe(401);
  });
});

describe('POST /auth/logout (SES-04, HDR-07)', () => {
  it('ends a cookie session, clears the cookie and the site data, and answers 200 again', async () => {
    const { cookie } = await c.login('holder@t.test', PW);
    const res = await c.post('/auth/logout', {}, { cookie: cookie! });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.headers['clear-site-data']).toBe('"cache", "cookies", "storage"');
    expect(String(res.headers['set-cookie'])).toMatch(/registry\.session_token=;.*Max-Age=0/);
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(401);
    expect((await c.post('/auth/logout', {}, { cookie: cookie! })).statusCode).toBe(200);
  });

  it('ends a bearer session and its refresh family', async () => {
    const pair = await pairOf('holder@t.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: bearer(pair.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect((await c.userInfo(bearer(pair.accessToken))).statusCode).toBe(401);
    expect((await c.post('/auth/refresh', { refreshToken: pair.refreshToken })).statusCode).toBe(
      401,
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: bearer(pair.accessToken),
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('session lifetimes on the server (SES-03)', () => {
  it('holders: 30 min idle', async () => {
    const { cookie } = await c.login('holder@t.test', PW);
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = Date.now();
    now += 30 * 60_000 - 1000;
    vi.setSystemTime(now);
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(200);
    now += 30 * 60_000 + 1000;
    vi.setSystemTime(now);
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(401);
  });

  it('administrators: 15 min idle', async () => {
    const { cookie } = await c.login('admin@t.test', PW);
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = Date.now();
    now += 15 * 60_000 - 1000;
    vi.setSystemTime(now);
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(200);
    now += 15 * 60_000 + 1000;
    vi.setSystemTime(now);
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(401);
  });

  it('administrators: 8 h absolute, holders: 24 h absolute, however active', async () => {
    for (const [email, idle, absolute] of [
      ['admin@t.test', 15, 8 * 60],
      ['holder@t.test', 30, 24 * 60],
    ] as const) {
      vi.useRealTimers();
      const { cookie } = await c.login(email, PW);
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      let now = start;
      while (now + (idle - 1) * 60_000 < start + absolute * 60_000 - 1000) {
        now += (idle - 1) * 60_000;
        vi.setSystemTime(now);
        expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(200);
      }
      vi.setSystemTime(start + absolute * 60_000 - 1000);
      expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(200);
      vi.setSystemTime(start + absolute * 60_000 + 1000);
      expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(401);
    }
  });
});

describe('roles', () => {
  it('take effect on the next request (ACL-07)', async () => {
    const { cookie } = await c.login('admin@t.test', PW);
    const asAdmin = () =>
      c.post(
        '/auth/set-password',
        { email: 'other@t.test', newPassword: 'a fine initial password' },
        { cookie: cookie! },
      );
    await t.database.db
      .update(shareholder)
      .set({ isAdmin: false })
      .where(eq(shareholder.email, 'admin@t.test'));
    const refused = await asAdmin();
    expect(refused.statusCode).toBe(403);
    expect((await c.userInfo({ cookie: cookie! })).json()).toMatchObject({ isAdmin: false });
    await t.database.db
      .update(shareholder)
      .set({ isAdmin: true })
      .where(eq(shareholder.email, 'admin@t.test'));
    expect((await asAdmin()).statusCode).toBe(200);
  });

  it('let users list and end their own sessions (SES-07)', async () => {
    const a = await c.login('holder@t.test', PW);
    const b = await c.login('holder@t.test', PW);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/auth/list-sessions',
      headers: { cookie: a.cookie!, origin: c.origin },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<unknown[]>().length).toBeGreaterThanOrEqual(2);
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-other-sessions',
      headers: { cookie: a.cookie!, origin: c.origin, 'content-type': 'application/json' },
      payload: {},
    });
    expect(ended.statusCode).toBe(200);
    expect((await c.userInfo({ cookie: b.cookie! })).statusCode).toBe(401);
    expect((await c.userInfo({ cookie: a.cookie! })).statusCode).toBe(200);
  });
});

describe('CSRF on cookie-authenticated writes (SES-10)', () => {
  it('refuses a cross-site Origin with 403 and a non-JSON body with 415, changing nothing', async () => {
    const { cookie } = await c.login('holder@t.test', PW);
    const sessions = async () => (await t.database.db.select().from(authSession)).length;
    const before = await sessions();
    const cross = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: {
        cookie: cookie!,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'a=1',
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toMatchObject({ code: 'AUTH.CSRF' });
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: cookie! },
    });
    expect(noOrigin.statusCode).toBe(403);
    const text = await t.app.inject({
      method: 'POST',
      url: '/auth/set-password',
      headers: { cookie: cookie!, origin: c.origin, 'content-type': 'text/plain' },
      payload: '{"newPassword":"another fine password"}',
    });
    expect(text.statusCode).toBe(415);
    expect(await sessions()).toBe(before);
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(200);
  });
});
