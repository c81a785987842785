import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateId } from 'better-auth';
import { hash as argonHash } from '@node-rs/argon2';
import { hashPassword as betterAuthDefaultHash } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../contract/auth';
import { verifyPassword } from './auth';
import { createLogin } from './create-login';
import { setCredentialPassword } from './auth-records';
import { authAccount, authLoginFailure, authSession, authUser } from '../db/schema';
import { createOrganizationWith, sessionCookieOf, addLogin } from '../test-support/fixtures';
import { useAuthClient } from '../test-support/use-sign-in-services';
import { createTestApp } from '../test-support/test-app';
import { useTestApp } from '../test-support/use-test-app';
import { issueTokens, newRefreshToken } from './tokens';

// The reset mail of the back-off test goes to DATA_DIR/outbox: a folder of the test's own.
const t = useTestApp({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'registry-login-')) } });
const c = useAuthClient(t);
const PW = 'correct horse battery staple';

beforeAll(async () => {
  await createOrganizationWith(t.database.db, [
    { name: 'Harper Holder', email: 'holder@t.test' },
    { name: 'Avery Admin', email: 'admin@t.test', isAdmin: true },
    { name: 'Gone', email: 'gone@t.test', active: false },
  ]);
  for (const email of ['holder@t.test', 'admin@t.test', 'gone@t.test', 'nobody@t.test'])
    await createLogin(t.database.db, { email, name: email, password: PW });
});
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

  it('hashes with argon2id m=19456 t=2 p=1 (AUTH-04)', async () => {
    const [row] = await t.database.db
      .select({ password: authAccount.password })
      .from(authAccount)
      .innerJoin(authUser, eq(authUser.id, authAccount.userId))
      .where(eq(authUser.email, 'holder@t.test'));
    expect(row!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('re-hashes a legacy scrypt hash (better-auth default) as argon2id at the next sign-in (AUTH-04)', async () => {
    const legacyPw = 'an old scrypt-era passphrase';
    const cases = [
      { email: 'legacy-scrypt@t.test', hash: await betterAuthDefaultHash(legacyPw) },
      {
        email: 'legacy-argon@t.test',
        hash: await argonHash(legacyPw, { algorithm: 2, memoryCost: 4096, timeCost: 1 }),
      },
    ];
    expect(cases[0]!.hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(cases[1]!.hash).toMatch(/^\$argon2id\$v=19\$m=4096,t=1,p=1\$/);
    for (const { email, hash } of cases) {
      const { userId } = await createLogin(t.database.db, {
        email,
        name: email,
      });
      await setCredentialPassword(t.database.db, userId, hash);
      const stored = async () =>
        (
          await t.database.db
            .select({ password: authAccount.password })
            .from(authAccount)
            .where(eq(authAccount.userId, userId))
        )[0]!.password!;
      // A wrong password changes nothing.
      expect((await c.login(email, 'not the old passphrase')).res.statusCode).toBe(401);
      expect(await stored()).toBe(hash);
      expect((await c.login(email, legacyPw)).res.statusCode).toBe(200);
      const upgraded = await stored();
      expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword({ hash: upgraded, password: legacyPw })).toBe(true);
      expect((await c.login(email, legacyPw)).res.statusCode).toBe(200);
      expect(await stored()).toBe(upgraded);
    }
  });

  it('checks the password exactly as typed: 100 pairs of 100-character passwords differing in the last one (AUTH-05)', async () => {
    const alphabet = [
      ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !?.-ŻółćΩ密',
    ];
    const pick = (n: number) =>
      Array.from(randomBytes(n), (b) => alphabet[b % alphabet.length]).join('');
    const pairs = Array.from({ length: 100 }, (_, i) => {
      const head = pick(99);
      return { email: `exact${i}@t.test`, right: `${head}a`, wrong: `${head}b` };
    });
    for (const p of pairs) {
      expect([...p.right]).toHaveLength(100);
      await addLogin(t, p.email, p.email, p.right);
    }
    let wrongRefused = 0;
    let rightAccepted = 0;
    for (let i = 0; i < pairs.length; i += 10) {
      const batch = pairs.slice(i, i + 10);
      const wrong = await Promise.all(batch.map((p) => c.login(p.email, p.wrong)));
      wrongRefused += wrong.filter((r) => r.res.statusCode === 401).length;
      const right = await Promise.all(batch.map((p) => c.login(p.email, p.right)));
      rightAccepted += right.filter((r) => r.res.statusCode === 200).length;
    }
    expect(wrongRefused).toBe(100);
    expect(rightAccepted).toBe(100);
    // No case folding either.
    expect((await c.login(pairs[0]!.email, pairs[0]!.right.toUpperCase())).res.statusCode).toBe(
      401,
    );
  });

  it('counts each attempt before checking it: 20 parallel wrong passwords from one IP → 3 × 401, 17 × 429 (AUTH-07)', async () => {
    const ip = '10.200.0.1';
    await addLogin(t, 'burst@t.test', 'B', PW);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => c.login('burst@t.test', `wrong-burst-${i}`, ip)),
    );
    const statuses = results.map((r) => r.res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    for (const r of results.filter((x) => x.res.statusCode === 429)) {
      expect(Number(r.res.headers['x-retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(r.res.headers['x-retry-after'])).toBeLessThanOrEqual(10);
      expect(r.res.json()).toEqual({
        code: 'AUTH.RATE_LIMITED',
        message: authMessages.tooManyAttempts,
      });
    }
    // Still limited with the right password from that IP; another IP is not affected.
    expect((await c.login('burst@t.test', PW, ip)).res.statusCode).toBe(429);
    expect((await c.login('burst@t.test', PW)).res.statusCode).toBe(200);
  });

  it('does not hold successful sign-ins against their IP (AUTH-07)', async () => {
    const ip = '10.200.0.2';
    for (let i = 0; i < 5; i++)
      expect((await c.login('holder@t.test', PW, ip)).res.statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await c.login('holder@t.test', `nope-${i}-password`, ip)).res.statusCode).toBe(401);
    expect((await c.login('holder@t.test', PW, ip)).res.statusCode).toBe(429);
    await clearFailures('holder@t.test');
  });

  it('backs off each guessing address once the account has 10 failures in 15 min, up to 15 min, never locking out: 50 IPs against one account (AUTH-07)', async () => {
    await createLogin(t.database.db, { email: 'target@t.test', name: 'T', password: PW });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const t0 = Date.now();
      const ips = Array.from({ length: 50 }, (_, i) => `10.150.0.${i + 1}`);
      const attempt = (password: string, ip?: string) => c.login('target@t.test', password, ip);
      // 50 parallel wrong guesses from 50 IPs: each address's first guess is checked.
      const burst = await Promise.all(ips.map((ip, i) => attempt(`wrong-${i}-password`, ip)));
      expect(burst.filter((r) => r.res.statusCode === 401)).toHaveLength(50);
      // Fifty failures: every address that guessed waits 15 min (1 s doubling per failure, capped),
      // the right password included; a new client with the right password does not (issue 23).
      const held = await attempt(PW, ips[0]);
      expect(held.res.statusCode).toBe(429);
      expect(held.res.headers['x-retry-after']).toBe('900');
      expect((await attempt(PW)).res.statusCode).toBe(200);
      // A password reset keeps working meanwhile; the 15 min over, the address may try again.
      const reset = await c.post('/auth/forgot-password', { email: 'target@t.test' });
      expect(reset.statusCode).toBe(200);
      vi.setSystemTime(t0 + 900_000);
      expect((await attempt(PW, ips[1])).res.statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a disabled holder (AUTH-10) and ends a disabled holder's sessions (SES-05)", async () => {
    expect((await c.login('gone@t.test', PW)).res.statusCode).toBe(401);
    const { cookie } = await c.login('holder@t.test', PW);
    const { shareholder } = await import('../db/schema');
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

  it('mints session and refresh tokens of at least 128 bits in base62: 10,000 of each, 0 collisions (SES-01)', async () => {
    // The generators the real paths call: better-auth's createSession draws `generateId(32)`,
    // issueTokens draws `newRefreshToken()`.
    const sessionTokens = Array.from({ length: 10_000 }, () => generateId(32));
    const refreshTokens = Array.from({ length: 10_000 }, () => newRefreshToken());
    // And the real paths themselves: sessions stored by password sign-ins, and 300 pairs minted
    // through issueTokens.
    for (let i = 0; i < 20; i++)
      expect((await c.login('admin@t.test', PW)).res.statusCode).toBe(200);
    const stored = await t.database.db.select({ token: authSession.token }).from(authSession);
    expect(stored.length).toBeGreaterThanOrEqual(40);
    sessionTokens.push(...stored.map((r) => r.token));
    const [holder] = await t.database.db
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.email, 'holder@t.test'));
    for (let i = 0; i < 300; i++) {
      const pair = await issueTokens(t.database.db, holder!.id);
      sessionTokens.push(pair.accessToken);
      refreshTokens.push(pair.refreshToken);
    }
    for (const [tokens, length] of [
      [sessionTokens, 32],
      [refreshTokens, 43],
    ] as const) {
      expect(tokens.every((x) => /^[A-Za-z0-9]+$/.test(x) && x.length === length)).toBe(true);
      // 32 base62 characters ≈ 190 bits; 43 ≈ 256 bits: both well over 128 (22 characters).
      expect(length * Math.log2(62)).toBeGreaterThan(128);
      expect(new Set(tokens).size).toBe(tokens.length);
      // Every character of the alphabet turns up: the whole base62 range is drawn from.
      expect(new Set(tokens.join('')).size).toBe(62);
    }
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
      await createLogin(secure.database.db, {
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
