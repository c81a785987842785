import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/auth';
import { createLogin } from './create-login';
import type { TestIdpUser } from '../test-support/test-idp';
import { authAccount, authUser, authVerification } from '../db/schema';
import { createHolder, createOrganization } from '../test-support/fixtures';
import { googleEnv, useTestIdp } from '../test-support/use-sign-in-services';
import { useTestApp } from '../test-support/use-test-app';
import { testBrowser } from '../test-support/test-browser';

const idp = useTestIdp();
const t = useTestApp(() => ({ env: googleEnv(idp) }));
const APP = 'http://localhost:3000';
const PW = 'correct horse battery staple';

beforeAll(async () => {
  const db = t.database.db;
  const { organization } = await createOrganization(db);
  await createHolder(db, organization.id, { name: 'Harper Holder', email: 'holder@t.test' });
  await createHolder(db, organization.id, {
    name: 'Avery Admin',
    email: 'admin@t.test',
    isAdmin: true,
  });
  await createHolder(db, organization.id, { name: 'Gone', email: 'gone@t.test', active: false });
  for (const email of ['holder@t.test', 'admin@t.test'])
    await createLogin(db, { email, name: email, password: PW });
});

const browser = () => testBrowser(t);

/** Google answers as `user`; a fresh browser follows the redirect sign-in to its end. */
const googleSignIn = async (user: TestIdpUser) => {
  idp.setUser(user);
  const b = browser();
  return { b, end: await b.go('/auth/oauth/google?redirect=true') };
};

/** The sign-in came back with outcome=error and no session. */
const expectRefused = ({ b, end }: Awaited<ReturnType<typeof googleSignIn>>) => {
  expect(new URL(end.url).searchParams.get('outcome')).toBe('error');
  expect(b.session()).toBeFalsy();
};

const userInfoWith = (cookie: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/userInfo',
    headers: { cookie: `registry.session_token=${cookie}`, origin: APP },
  });

describe('GET /auth/oauth/google: redirect flow', () => {
  it('uses the code flow with PKCE S256, state, nonce and minimal scopes (OAU-01, OAU-03, OAU-05)', async () => {
    const b = browser();
    await b.go('/auth/oauth/google?redirect=true', (u) => u.startsWith(idp.issuer));
    const q = idp.authRequests.length ? idp.authRequests.at(-1)!.searchParams : undefined;
    const start = await t.app.inject({ method: 'GET', url: '/auth/oauth/google' });
    const authUrl = new URL(start.headers.location as string);
    for (const params of [authUrl.searchParams, q].filter(Boolean) as URLSearchParams[]) {
      expect(params.get('response_type')).toBe('code');
      expect(params.get('code_challenge_method')).toBe('S256');
      expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(params.get('state')!.length).toBeGreaterThanOrEqual(22);
      expect(params.get('nonce')).toBeTruthy();
      expect(params.get('scope')).toBe('openid email profile');
      expect(params.get('redirect_uri')).toBe(`${APP}/api/auth/callback/google`);
    }
  });

  it("links a verified Google e-mail to the holder's account, lands on /auth/callback, keeps no Google token (AUTH-09, OAU-05)", async () => {
    const { b, end } = await googleSignIn({
      sub: 'g-holder',
      email: 'holder@t.test',
      email_verified: true,
      name: 'Harper via Google',
    });
    expect(new URL(end.url).pathname).toBe('/auth/callback');
    expect(end.url).not.toMatch(/token|code=/i);
    expect(b.session()).toBeTruthy();
    const me = await userInfoWith(b.session());
    expect(me.json()).toMatchObject({ email: 'holder@t.test', friendlyName: 'Harper Holder' });
    const [user] = await t.database.db
      .select()
      .from(authUser)
      .where(eq(authUser.email, 'holder@t.test'));
    const accounts = await t.database.db
      .select()
      .from(authAccount)
      .where(eq(authAccount.userId, user!.id));
    const google = accounts.find((a) => a.providerId === 'google')!;
    expect(google.accountId).toBe('g-holder');
    expect([google.accessToken, google.refreshToken, google.idToken]).toEqual([null, null, null]);
    expect(t.logs.some((l) => l.event === 'auth.google.linked' && l.userId === user!.id)).toBe(
      true,
    );
    expect(t.logs.some((l) => l.event === 'auth.google.success' && l.userId === user!.id)).toBe(
      true,
    );
  });

  it("neither links nor signs in an unverified e-mail carrying an administrator's address (AUTH-09)", async () => {
    const refused = await googleSignIn({
      sub: 'g-mallory',
      email: 'admin@t.test',
      email_verified: false,
      name: 'Mallory',
    });
    expect(new URL(refused.end.url).pathname).toBe('/auth/callback');
    expectRefused(refused);
    const rows = await t.database.db
      .select()
      .from(authAccount)
      .where(eq(authAccount.accountId, 'g-mallory'));
    expect(rows).toHaveLength(0);
    expect(t.logs.some((l) => l.event === 'auth.google.failure')).toBe(true);
  });

  it.each([
    [
      "does not link Google to an administrator's password account even when verified (AUTH-09)",
      { sub: 'g-admin', email: 'admin@t.test', email_verified: true, name: 'Avery' },
    ],
    [
      'refuses a disabled holder, as the password sign-in does (AUTH-10)',
      { sub: 'g-gone', email: 'gone@t.test', email_verified: true, name: 'Gone' },
    ],
  ])('%s', async (_name, user) => {
    expectRefused(await googleSignIn(user));
  });

  it('signs in a new verified Google user with no holder record (the app sends them to /noaccount)', async () => {
    const { b } = await googleSignIn({
      sub: 'g-new',
      email: 'stranger@gmail.test',
      email_verified: true,
      name: 'Stranger',
    });
    expect((await userInfoWith(b.session())).json()).toMatchObject({ SH_ID: null });
  });

  it('rejects a replayed callback and one from another browser (OAU-02)', async () => {
    idp.setUser({ sub: 'g-holder', email: 'holder@t.test', email_verified: true, name: 'Harper' });
    const b = browser();
    const atCallback = await b.go('/auth/oauth/google?redirect=true', (u) =>
      u.includes('/api/auth/callback/google'),
    );
    const other = browser();
    const stolen = await other.go(atCallback.url);
    expect(stolen.url).toMatch(/[?&]error=/);
    expect(other.session()).toBeFalsy();
    const mine = await b.go(atCallback.url);
    expect(new URL(mine.url).pathname).toBe('/auth/callback');
    expect(new URL(mine.url).searchParams.get('outcome')).toBeNull();
    const replay = browser();
    const again = await replay.go(atCallback.url);
    expect(again.url).toMatch(/[?&]error=/);
    expect(replay.session()).toBeFalsy();
  });

  it.each([
    [
      'does not match the challenge',
      (v: Record<string, unknown>) => ({ ...v, codeVerifier: 'x'.repeat(64) }),
    ],
    ['is missing', ({ codeVerifier: _dropped, ...v }: Record<string, unknown>) => v],
  ])('refuses a callback whose PKCE verifier %s (OAU-01)', async (_what, tamper) => {
    idp.setUser({ sub: 'g-holder', email: 'holder@t.test', email_verified: true, name: 'Harper' });
    const b = browser();
    const atCallback = await b.go('/auth/oauth/google?redirect=true', (u) =>
      u.includes('/api/auth/callback/google'),
    );
    // The verifier kept for this sign-in is replaced or removed: the sign-in must not complete.
    const db = t.database.db;
    const pending = (await db.select().from(authVerification)).filter((r) =>
      r.value.includes('codeVerifier'),
    );
    expect(pending.length).toBeGreaterThan(0);
    for (const row of pending)
      await db
        .update(authVerification)
        .set({ value: JSON.stringify(tamper(JSON.parse(row.value) as Record<string, unknown>)) })
        .where(eq(authVerification.id, row.id));
    const done = await b.go(atCallback.url);
    expect(done.url).toMatch(/[?&]error=/);
    expect(b.session()).toBeFalsy();
  });

  it('refuses a foreign redirect_uri outright: 400, no redirect at all (OAU-04)', async () => {
    const before = (await t.database.db.select().from(authVerification)).length;
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      'https://app.example.evil',
      'http://localhost:3000.evil.example/auth/callback',
      '/\\evil.example',
      `${APP}//evil.example/x`,
      `${APP}/\\evil.example/x`,
      `${APP}/%2F%2Fevil.example/x`,
      `${APP}/not-one-of-our-pages`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/auth/oauth/google?redirect=true&redirect_uri=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.headers.location, bad).toBeUndefined();
      expect(res.json()).toEqual({
        code: 'AUTH.REDIRECT_NOT_ALLOWED',
        message: authMessages.redirectNotAllowed,
      });
    }
    // No sign-in was started for any of them.
    expect((await t.database.db.select().from(authVerification)).length).toBe(before);
    // better-auth's own start endpoint, which takes a callbackURL, is not reachable.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: 'https://evil.example' },
    });
    expect(own.statusCode).toBe(404);
    // Our own origin is accepted, and the browser comes back there.
    idp.setUser({ sub: 'g-holder', email: 'holder@t.test', email_verified: true, name: 'Harper' });
    const end = await browser().go(
      `/auth/oauth/google?redirect=true&redirect_uri=${encodeURIComponent(`${APP}/auth/callback`)}`,
    );
    expect(new URL(end.url).pathname).toBe('/auth/callback');
    expect(new URL(end.url).searchParams.get('outcome')).toBeNull();
  });

  it('answers the spec message in a frame without popup', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/oauth/google?iframe=true' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Redirect authentication is not available in this context.',
    });
  });
});

describe('GET /auth/oauth/google: popup flow', () => {
  it('ends on /auth-popup.html with the outcome only, keeping the opener (HDR-05)', async () => {
    idp.setUser({ sub: 'g-holder', email: 'holder@t.test', email_verified: true, name: 'Harper' });
    const b = browser();
    const start = await t.app.inject({
      method: 'GET',
      url: '/auth/oauth/google?popup=true&origin=http%3A%2F%2Flocalhost%3A3000',
    });
    expect(start.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const end = await b.go('/auth/oauth/google?popup=true');
    const u = new URL(end.url);
    expect(u.pathname).toBe('/auth-popup.html');
    expect(u.searchParams.get('outcome')).toBe('success');
    expect([...u.searchParams.keys()]).toEqual(['outcome']);
    expect(b.session()).toBeTruthy();
    const callbackHop = await browser().go('/auth/oauth/google?popup=true', (x) =>
      x.includes('/api/auth/callback/'),
    );
    expect(callbackHop.url).toContain('/api/auth/callback/google');
  });

  it('ends on /auth-popup.html?outcome=error when Google refuses', async () => {
    idp.setUser({ sub: 'g-x', email: 'x@t.test', email_verified: false, name: 'X' });
    const b = browser();
    const end = await b.go('/auth/oauth/google?popup=true');
    const u = new URL(end.url);
    expect(u.pathname).toBe('/auth-popup.html');
    expect(u.searchParams.get('outcome')).toBe('error');
  });
});
