import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../../contract/auth';
import { authSession, authUser, shareholder } from '../../db/schema';
import { addLogin, createHolder, createOrganization } from '../../test-support/fixtures';
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
    await addLogin(t, email, 'User ' + email, PW);
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
      timeZone: 'America/New_York',
    });
  });

  it('answers SH_ID null for a user whose e-mail matches no holder (→ /noaccount)', async () => {
    const { cookie } = await c.login('nomatch@t.test', PW);
    expect((await c.userInfo({ cookie: cookie! })).json()).toMatchObject({
      SH_ID: null,
      isAdmin: false,
    });
  });

  it('answers 401 "No access token available." without a session (spec sections 5 and 8)', async () => {
    const anonymous: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-a-real-token' },
    ];
    for (const headers of anonymous) {
      const res = await c.userInfo(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'AUTH.UNAUTHENTICATED',
        message: 'No access token available.',
      });
    }
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

  it('lives 24 h from the sign-in however often it is rotated (SES-08)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    let pair = await pairOf('holder@t.test');
    const rotate = async () => c.post('/auth/refresh', { refreshToken: pair.refreshToken });
    for (const at of [10 * 60_000, 12 * 3600_000, 24 * 3600_000 - 1000]) {
      vi.setSystemTime(start + at);
      const res = await rotate();
      expect(res.statusCode, `rotation at ${at} ms`).toBe(200);
      pair = res.json();
    }
    vi.setSystemTime(start + 24 * 3600_000 + 1000);
    const late = await rotate();
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({
      code: 'AUTH.INVALID_REFRESH_TOKEN',
      message: authMessages.invalidRefreshToken,
    });
  });

  it('refuses a disabled holder new tokens, and ends the ones they hold (AUTH-10, SES-05)', async () => {
    const [{ organizationId }] = (await t.database.db
      .select({ organizationId: shareholder.organizationId })
      .from(shareholder)
      .where(eq(shareholder.email, 'holder@t.test'))) as [{ organizationId: string }];
    await createHolder(t.database.db, organizationId, { name: 'Quinn', email: 'quitter@t.test' });
    await addLogin(t, 'quitter@t.test', 'Quinn', PW);
    const pair = await pairOf('quitter@t.test');
    const { cookie } = await c.login('quitter@t.test', PW);
    await t.database.db
      .update(shareholder)
      .set({ active: false })
      .where(eq(shareholder.email, 'quitter@t.test'));
    try {
      const res = await c.post('/auth/refresh', { refreshToken: pair.refreshToken });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'AUTH.INVALID_REFRESH_TOKEN',
        message: authMessages.invalidRefreshToken,
      });
      const [user] = await t.database.db
        .select({ id: authUser.id })
        .from(authUser)
        .where(eq(authUser.email, 'quitter@t.test'));
      expect(
        await t.database.db.select().from(authSession).where(eq(authSession.userId, user!.id)),
      ).toEqual([]);
    } finally {
      await t.database.db
        .update(shareholder)
        .set({ active: true })
        .where(eq(shareholder.email, 'quitter@t.test'));
    }
    // Enabled again, the old tokens stay dead.
    expect((await c.post('/auth/refresh', { refreshToken: pair.refreshToken })).statusCode).toBe(
      401,
    );
    expect((await c.userInfo(bearer(pair.accessToken))).statusCode).toBe(401);
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(401);
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

  it("a browser logout also revokes that login's access and refresh tokens", async () => {
    const { res, cookie } = await c.login('holder@t.test', PW);
    const pair = res.json<{ accessToken: string; refreshToken: string }>();
    const other = await pairOf('holder@t.test'); // another login of the same holder
    expect((await c.userInfo(bearer(pair.accessToken))).statusCode).toBe(200);
    expect((await c.post('/auth/logout', {}, { cookie: cookie! })).statusCode).toBe(200);
    expect((await c.userInfo(bearer(pair.accessToken))).statusCode).toBe(401);
    expect((await c.post('/auth/refresh', { refreshToken: pair.refreshToken })).statusCode).toBe(
      401,
    );
    expect((await c.userInfo(bearer(other.accessToken))).statusCode).toBe(200);
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

  it('let users end one chosen session, or all of their own (SES-07)', async () => {
    const a = await c.login('holder@t.test', PW);
    const b = await c.login('holder@t.test', PW);
    const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: {
          cookie,
          origin: c.origin,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { payload } : {}),
      });
    const list = await call('GET', '/api/auth/list-sessions', a.cookie!);
    expect(list.statusCode).toBe(200);
    // Named by id: no answer gives a page script a token that works as a bearer token.
    const bToken = decodeURIComponent(b.cookie!.split('=')[1]!).split('.')[0]!;
    expect(list.body).not.toContain(bToken);
    expect(list.body).not.toMatch(/"token"/);
    const [bSession] = await t.database.db
      .select({ id: authSession.id })
      .from(authSession)
      .where(eq(authSession.token, bToken));
    const listed = list.json<Array<{ id: string }>>();
    expect(listed.map((x) => x.id)).toContain(bSession!.id);
    const notMine = await call('POST', '/api/auth/revoke-session', a.cookie!, {
      id: 'someone-else',
    });
    expect(notMine.statusCode).toBe(404);
    const one = await call('POST', '/api/auth/revoke-session', a.cookie!, { id: bSession!.id });
    expect(one.statusCode).toBe(200);
    expect((await c.userInfo({ cookie: b.cookie! })).statusCode).toBe(401);
    expect((await c.userInfo({ cookie: a.cookie! })).statusCode).toBe(200);
    const all = await call('POST', '/api/auth/revoke-sessions', a.cookie!, {});
    expect(all.statusCode).toBe(200);
    expect((await c.userInfo({ cookie: a.cookie! })).statusCode).toBe(401);
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

describe('better-auth routes the app does not use', () => {
  it.each([
    ['GET', '/api/auth/get-session'],
    ['POST', '/api/auth/sign-out'],
    ['POST', '/api/auth/sign-in/email'],
    ['GET', '/api/auth/list-accounts'],
  ] as const)('%s %s is not there', async (method, url) => {
    const { cookie } = await c.login('holder@t.test', PW);
    const res = await t.app.inject({ method, url, headers: { cookie: cookie!, origin: c.origin } });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toMatch(/"token"/);
  });
});

describe('administrators end sessions (SES-07)', () => {
  const endUser = (cookie: string, body: object) =>
    c.post('/auth/admin/end-user-sessions', body, { cookie });
  const endAll = (cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/admin/end-all-sessions',
      headers: { cookie, origin: c.origin },
    });

  it("end one holder's sessions, access tokens and refresh tokens", async () => {
    const admin = await c.login('admin@t.test', PW);
    const web = await c.login('holder@t.test', PW);
    const api = await pairOf('holder@t.test');
    const bystander = await c.login('admin@t.test', PW);
    const res = await endUser(admin.cookie!, { email: 'Holder@T.test' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; ended: number }>();
    expect(body.success).toBe(true);
    expect(body.ended).toBeGreaterThanOrEqual(2);
    expect((await c.userInfo({ cookie: web.cookie! })).statusCode).toBe(401);
    expect((await c.userInfo(bearer(api.accessToken))).statusCode).toBe(401);
    expect((await c.post('/auth/refresh', { refreshToken: api.refreshToken })).statusCode).toBe(
      401,
    );
    expect((await c.userInfo({ cookie: bystander.cookie! })).statusCode).toBe(200);
    expect((await c.userInfo({ cookie: admin.cookie! })).statusCode).toBe(200);
    // By user id as well.
    const again = await c.login('holder@t.test', PW);
    const [user] = await t.database.db
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.email, 'holder@t.test'));
    expect((await endUser(admin.cookie!, { userId: user!.id })).json()).toEqual({
      success: true,
      ended: 2,
    });
    expect((await c.userInfo({ cookie: again.cookie! })).statusCode).toBe(401);
    expect(
      t.logs.filter(
        (l) => l.event === 'auth.sessions.ended_by_admin' && l.targetUserId === user!.id,
      ),
    ).toHaveLength(2);
  });

  it("end everyone's sessions but the caller's", async () => {
    const admin = await c.login('admin@t.test', PW);
    const others = [
      await c.login('holder@t.test', PW),
      await c.login('admin@t.test', PW),
      await c.login('nomatch@t.test', PW),
    ];
    const api = await pairOf('holder@t.test');
    const res = await endAll(admin.cookie!);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ ended: number }>().ended).toBeGreaterThanOrEqual(3);
    for (const o of others.slice(0, 2))
      expect((await c.userInfo({ cookie: o.cookie! })).statusCode).toBe(401);
    expect((await c.userInfo(bearer(api.accessToken))).statusCode).toBe(401);
    expect((await c.post('/auth/refresh', { refreshToken: api.refreshToken })).statusCode).toBe(
      401,
    );
    expect((await c.userInfo({ cookie: admin.cookie! })).statusCode).toBe(200);
    // A user who matches no holder of this organization is nobody's to end.
    expect((await c.userInfo({ cookie: others[2]!.cookie! })).statusCode).toBe(200);
  });

  it('are refused to shareholders (403) and without a session (401); unknown holders are 404', async () => {
    const holder = await c.login('holder@t.test', PW);
    const victim = await c.login('admin@t.test', PW);
    expect((await endUser(holder.cookie!, { email: 'admin@t.test' })).statusCode).toBe(403);
    expect((await endAll(holder.cookie!)).statusCode).toBe(403);
    expect(
      (await c.post('/auth/admin/end-user-sessions', { email: 'admin@t.test' })).statusCode,
    ).toBe(401);
    expect((await c.post('/auth/admin/end-all-sessions', {})).statusCode).toBe(401);
    expect((await c.userInfo({ cookie: victim.cookie! })).statusCode).toBe(200);
    const admin = await c.login('admin@t.test', PW);
    for (const body of [{ email: 'nomatch@t.test' }, { email: 'ghost@t.test' }, { userId: 'x' }]) {
      const res = await endUser(admin.cookie!, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'AUTH.HOLDER_NOT_FOUND',
        message: authMessages.noSuchHolder,
      });
    }
    expect((await endUser(admin.cookie!, {})).statusCode).toBe(400);
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

  it.each(['/%61uth/logout', '/%2Fauth/logout', '//auth/logout', '/auth/../auth/logout'])(
    'checks a write whatever its path spelling (%s)',
    async (url) => {
      const { cookie } = await c.login('holder@t.test', PW);
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: cookie!, origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'AUTH.CSRF' });
      expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(200);
    },
  );

  it('says in words what to do when a page on another address writes', async () => {
    const { cookie } = await c.login('holder@t.test', PW);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: cookie!, origin: 'http://127.0.0.1:3000' },
    });
    expect(res.json<{ message: string }>().message).toBe(
      'This page was opened at http://127.0.0.1:3000, but the registry only accepts changes ' +
        'from http://localhost:3000. Open http://localhost:3000 and try again.',
    );
  });
});
