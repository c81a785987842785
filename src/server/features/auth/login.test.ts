import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../contract/auth';
import { createLogin } from '../../auth/create-login';
import { authAccount, authLoginFailure, authSession, authUser } from '../../db/schema';
import { createHolder, createOrganization, sessionCookieOf } from '../../test-support/fixtures';
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
    name: 'Gone',
    email: 'gone@t.test',
    active: false,
  });
  const { auth } = t.app.authRuntime;
  for (const email of ['holder@t.test', 'admin@t.test', 'gone@t.test', 'nobody@t.test'])
    await createLogin(auth, t.database.db, { email, name: email, password: PW });
});
afterAll(() => t.close());
const clearFailures = (email: string) =>
  t.database.db.delete(authLoginFailure).where(eq(authLoginFailure.email, email));

describe('POST /auth/login', () => {
  it('signs in: tokens in the body, the session in an HttpOnly SameSite=Lax cookie (SES-08)', async () => {
    const { res, cookie } = await c.login('Holder@T.test', PW);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ accessToken: string; refreshToken: string; expiresIn: number }>();
    expect(body.accessToken).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(43);
    expect(body.expiresIn).toBeLessThanOrEqual(900);
    const set = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((s) => s.startsWith('registry.session_token='))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Path=\//);
    expect(set).not.toMatch(/Secure/); // http PUBLIC_URL; see the https test below
    const me = await c.userInfo({ cookie: cookie! });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'holder@t.test',
      username: 'holder@t.test',
      friendlyName: 'Harper Holder',
      isAdmin: false,
    });
    expect(me.headers['cache-control']).toBe('no-store');
    const bearer = await c.userInfo({ authorization: `Bearer ${body.accessToken}` });
    expect(bearer.statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a wrong password (AUTH-06 body)', async () => {
    const unknown = await c.login('nobody-here@t.test', PW);
    const wrong = await c.login('holder@t.test', 'wrong password here');
    expect(unknown.res.statusCode).toBe(401);
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.body).toBe(wrong.res.body);
    expect(unknown.res.json()).toEqual({
      code: 'AUTH.INVALID_CREDENTIALS',
      message: authMessages.invalidCredentials,
    });
    expect(unknown.cookie).toBeNull();
  });

  it('takes as long for an unknown e-mail as for a wrong password: medians within 10 ms (AUTH-06)', async () => {
    const times = { unknown: [] as number[], wrong: [] as number[] };
    for (let i = 0; i < 20; i++) {
      for (const kind of ['unknown', 'wrong'] as const) {
        const start = performance.now();
        await c.login(
          kind === 'unknown' ? `ghost${i}@t.test` : 'admin@t.test',
          `wrong-password-${i}`,
        );
        times[kind].push(performance.now() - start);
      }
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(Math.abs(median(times.unknown) - median(times.wrong))).toBeLessThan(10);
    await clearFailures('admin@t.test');
  });

  it('hashes with argon2id m=19456 t=2 p=1 (AUTH-04) and checks the password exactly (AUTH-05)', async () => {
    const [row] = await t.database.db
      .select({ password: authAccount.password })
      .from(authAccount)
      .innerJoin(authUser, eq(authUser.id, authAccount.userId))
      .where(eq(authUser.email, 'holder@t.test'));
    expect(row!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const long = 'x'.repeat(99) + 'a';
    await createLogin(t.app.authRuntime.auth, t.database.db, {
      email: 'long@t.test',
      name: 'L',
      password: long,
    });
    expect((await c.login('long@t.test', 'x'.repeat(99) + 'b')).res.statusCode).toBe(401);
    expect((await c.login('long@t.test', long.toUpperCase())).res.statusCode).toBe(401);
    expect((await c.login('long@t.test', long)).res.statusCode).toBe(200);
  });

  it('limits failures per IP: the 4th attempt within 10 s gets 429 with X-Retry-After (AUTH-07)', async () => {
    const ip = '10.200.0.1';
    for (let i = 0; i < 3; i++)
      expect((await c.login('holder@t.test', `bad-${i}-password`, ip)).res.statusCode).toBe(401);
    const fourth = await c.login('holder@t.test', PW, ip);
    expect(fourth.res.statusCode).toBe(429);
    expect(Number(fourth.res.headers['x-retry-after'])).toBeGreaterThan(0);
    expect(fourth.res.json()).toMatchObject({
      code: 'AUTH.RATE_LIMITED',
      message: authMessages.tooManyAttempts,
    });
    // Another IP is not affected.
    expect((await c.login('holder@t.test', PW)).res.statusCode).toBe(200);
  });

  it('backs off per account after 10 failures in 15 min, never locks out (AUTH-07)', async () => {
    const { auth } = t.app.authRuntime;
    await createLogin(auth, t.database.db, { email: 'target@t.test', name: 'T', password: PW });
    for (let i = 0; i < 10; i++)
      expect((await c.login('target@t.test', `wrong-${i}-password`)).res.statusCode).toBe(401);
    // 11th, from a fresh IP and with the right password: delayed.
    const delayed = await c.login('target@t.test', PW);
    expect(delayed.res.statusCode).toBe(429);
    expect(Number(delayed.res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await c.login('target@t.test', PW)).res.statusCode).toBe(200);
  });

  it("refuses a disabled holder (AUTH-10) and ends a disabled holder's sessions (SES-05)", async () => {
    expect((await c.login('gone@t.test', PW)).res.statusCode).toBe(401);
    const { cookie } = await c.login('holder@t.test', PW);
    const { shareholder } = await import('../../db/schema');
    await t.database.db
      .update(shareholder)
      .set({ active: false })
      .where(eq(shareholder.email, 'holder@t.test'));
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(401);
    await t.database.db
      .update(shareholder)
      .set({ active: true })
      .where(eq(shareholder.email, 'holder@t.test'));
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(401);
  });

  it('gives a new token at each sign-in and ends the one held before (SES-02)', async () => {
    const first = await c.login('holder@t.test', PW);
    const second = await c.login('holder@t.test', PW, undefined);
    expect(second.cookie).not.toBe(first.cookie);
    const again = await c.post(
      '/auth/login',
      { username: 'holder@t.test', password: PW },
      { cookie: first.cookie! },
    );
    expect(again.statusCode).toBe(200);
    expect((await c.userInfo({ cookie: first.cookie! })).statusCode).toBe(401);
    expect(
      (await c.userInfo({ cookie: sessionCookieOf(again.headers['set-cookie'])! })).statusCode,
    ).toBe(200);
  });

  it('keeps tokens of at least 128 bits, unique (SES-01)', async () => {
    const rows = await t.database.db.select({ token: authSession.token }).from(authSession);
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) expect(r.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(new Set(rows.map((r) => r.token)).size).toBe(rows.length);
  });

  it('logs every sign-in with time, user id, IP, user agent and request id, and no secret (LOG-01, LOG-03)', async () => {
    await c.post(
      '/auth/login',
      { username: 'admin@t.test', password: PW },
      { 'user-agent': 'LogTest/1.0' },
      '10.9.9.9',
    );
    await c.post(
      '/auth/login',
      { username: 'admin@t.test', password: 'not-the-password-9' },
      { 'user-agent': 'LogTest/1.0' },
      '10.9.9.8',
    );
    const ok = t.logs.filter(
      (l) => l.event === 'auth.login.success' && l.userAgent === 'LogTest/1.0',
    );
    const bad = t.logs.filter(
      (l) => l.event === 'auth.login.failure' && l.userAgent === 'LogTest/1.0',
    );
    expect(ok).toHaveLength(1);
    expect(bad).toHaveLength(1);
    for (const l of [...ok, ...bad]) {
      expect(l).toMatchObject({
        ip: expect.stringMatching(/^10\.9\.9\./),
        requestId: expect.any(String),
        at: expect.any(String),
        time: expect.any(Number),
      });
    }
    expect(ok[0]!.userId).toEqual(expect.any(String));
    const all = JSON.stringify(t.logs);
    expect(all).not.toContain(PW);
    expect(all).not.toContain('not-the-password-9');
  });

  it('keeps a log line whole when the e-mail carries CR/LF (LOG-04)', async () => {
    const before = t.logs.length;
    await c.login('evil@t.test\n{"event":"forged"}', 'whatever-password');
    const added = t.logs.slice(before);
    expect(added.some((l) => l.event === 'forged')).toBe(false);
    expect(added.some((l) => l.event === 'auth.login.failure')).toBe(true);
  });
});

describe('HTTPS deployments', () => {
  it('mark the cookie Secure with the __Secure- prefix (SES-08)', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://registry.example' } });
    try {
      await createLogin(secure.app.authRuntime.auth, secure.database.db, {
        email: 's@t.test',
        name: 'S',
        password: PW,
      });
      const res = await secure.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: 's@t.test', password: PW },
      });
      expect(res.statusCode).toBe(200);
      const set = ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .find((s) => s.includes('session_token='))!;
      expect(set).toMatch(/^__Secure-registry\.session_token=/);
      expect(set).toMatch(/; Secure/i);
      expect(set).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});
