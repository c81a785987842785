import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../contract/auth';
import { authSession, authUser, shareholder } from '../db/schema';
import { expectErrorAnswer } from '../test-support/expect-error-answer';
import { addLogin, createHolder } from '../test-support/fixtures';
import { bearer, PW, useSignInScenario } from '../test-support/sign-in-scenario';

const { t, c, pairOf } = useSignInScenario();
const invalidRefreshToken = {
  code: 'AUTH.INVALID_REFRESH_TOKEN',
  message: authMessages.invalidRefreshToken,
};

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
      isReadOnly: false,
      timeZone: 'America/New_York',
      organizationId: holder!.organizationId,
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
      expectErrorAnswer(res, 401, {
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
    expectErrorAnswer(reuse, 401, invalidRefreshToken);
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
    expectErrorAnswer(late, 401, invalidRefreshToken);
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
      expectErrorAnswer(res, 401, invalidRefreshToken);
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
  it.each([
    ['holders', 'holder@t.test', 30],
    ['administrators', 'admin@t.test', 15],
  ])('%s: %d min idle', async (_who, email, idle) => {
    const { cookie } = await c.login(email, PW);
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = Date.now();
    now += idle * 60_000 - 1000;
    vi.setSystemTime(now);
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(200);
    now += idle * 60_000 + 1000;
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
