import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/auth';
import { authSession, authUser, shareholder } from '../db/schema';
import { bearer, PW, useSignInScenario } from '../test-support/sign-in-scenario';

const { t, c, pairOf } = useSignInScenario();

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
