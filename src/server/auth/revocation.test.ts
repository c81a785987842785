// Every way of ending sessions ends the refresh and access tokens of the sessions it ends: an old
// refresh token must never mint a new access token afterwards (issue 23, SES-04, SES-07).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../contract/auth';
import { authSession, shareholder } from '../db/schema';
import { addLogin, createHolder, createOrganization } from '../test-support/fixtures';
import { useAuthClient, useSmtpCatcher } from '../test-support/use-sign-in-services';
import { useTestApp } from '../test-support/use-test-app';
import { tokenFromMail } from '../test-support/auth-client';

const smtp = useSmtpCatcher();
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url } }));
const c = useAuthClient(t);
const PW = 'correct horse battery staple';
const NEW = 'a brand new passphrase';
let organizationId = '';

beforeAll(async () => {
  ({
    organization: { id: organizationId },
  } = await createOrganization(t.database.db));
  await createHolder(t.database.db, organizationId, {
    name: 'Ada Admin',
    email: 'ada@t.test',
    isAdmin: true,
  });
  await addLogin(t, 'ada@t.test', 'Ada', PW);
});

let n = 0;
/** A holder of the organization with a password login of their own. */
async function newHolder(): Promise<string> {
  const email = `rev${++n}@t.test`;
  await createHolder(t.database.db, organizationId, { name: `Rev ${n}`, email });
  await addLogin(t, email, `Rev ${n}`, PW);
  return email;
}

type SignIn = TokenPair & { cookie: string };
/** One password sign-in: its browser cookie and the token pair it answered. */
async function signIn(email: string, password = PW): Promise<SignIn> {
  const { res, cookie } = await c.login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookie!, ...res.json<TokenPair>() };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const cookieWorks = async (s: SignIn) => (await c.userInfo({ cookie: s.cookie })).statusCode;
const accessWorks = async (s: SignIn) => (await c.userInfo(bearer(s.accessToken))).statusCode;
/** Spends the refresh token: the last thing a test asks of a sign-in. */
const refreshWorks = async (s: SignIn) =>
  (await c.post('/auth/refresh', { refreshToken: s.refreshToken })).statusCode;

async function expectEnded(s: SignIn, what = 'the sign-in') {
  expect(await cookieWorks(s), `${what}: cookie`).toBe(401);
  expect(await accessWorks(s), `${what}: access token`).toBe(401);
  expect(await refreshWorks(s), `${what}: refresh token`).toBe(401);
}

const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  c.post(url, payload, headers);
const sessionIdOf = async (token: string) =>
  (
    await t.database.db
      .select({ id: authSession.id })
      .from(authSession)
      .where(eq(authSession.token, token))
  )[0]!.id;

describe('ending sessions ends their tokens (issue 23)', () => {
  it('revoke-session: ending a browser session by id ends the tokens of its sign-in; ending an access token ends its refresh token', async () => {
    const email = await newHolder();
    const [caller, browser, api] = [await signIn(email), await signIn(email), await signIn(email)];
    const browserId = await sessionIdOf(
      decodeURIComponent(browser.cookie).split('=')[1]!.split('.')[0]!,
    );
    expect(
      (await post('/api/auth/revoke-session', { cookie: caller.cookie }, { id: browserId }))
        .statusCode,
    ).toBe(200);
    await expectEnded(browser, 'the browser session ended by id');
    const apiId = await sessionIdOf(api.accessToken);
    expect(
      (await post('/api/auth/revoke-session', { cookie: caller.cookie }, { id: apiId })).statusCode,
    ).toBe(200);
    expect(await accessWorks(api)).toBe(401);
    expect(await refreshWorks(api), 'the refresh token of the ended access token').toBe(401);
    expect(await cookieWorks(caller)).toBe(200);
  });

  it('revoke-sessions: every session and token of the user ends', async () => {
    const email = await newHolder();
    const [one, two] = [await signIn(email), await signIn(email)];
    expect((await post('/api/auth/revoke-sessions', { cookie: one.cookie })).statusCode).toBe(200);
    await expectEnded(one, 'the caller');
    await expectEnded(two, 'the other sign-in');
  });

  it('revoke-other-sessions: only the session asking stays, from a cookie or a bearer token', async () => {
    const email = await newHolder();
    const [one, two] = [await signIn(email), await signIn(email)];
    expect((await post('/api/auth/revoke-other-sessions', { cookie: one.cookie })).statusCode).toBe(
      200,
    );
    await expectEnded(two, 'the other sign-in');
    expect(await cookieWorks(one)).toBe(200);
    expect(await accessWorks(one)).toBe(401);
    expect(await refreshWorks(one), "the caller's own access token was another session").toBe(401);

    const [api, three] = [await signIn(email), await signIn(email)];
    expect(
      (await post('/api/auth/revoke-other-sessions', bearer(api.accessToken))).statusCode,
    ).toBe(200);
    await expectEnded(three, 'the other sign-in');
    expect(await cookieWorks(one)).toBe(401);
    expect(await accessWorks(api)).toBe(200);
    expect(await refreshWorks(api), "the asking access token's refresh token").toBe(200);
  });

  it("an administrator's end-user-sessions and end-all-sessions", async () => {
    const admin = await signIn('ada@t.test');
    const email = await newHolder();
    const first = await signIn(email);
    expect(
      (await post('/auth/admin/end-user-sessions', { cookie: admin.cookie }, { email })).statusCode,
    ).toBe(200);
    await expectEnded(first, 'after end-user-sessions');
    const second = await signIn(email);
    expect((await post('/auth/admin/end-all-sessions', { cookie: admin.cookie })).statusCode).toBe(
      200,
    );
    await expectEnded(second, 'after end-all-sessions');
  });

  it('a password change ends every other sign-in, a reset every sign-in', async () => {
    const email = await newHolder();
    const [caller, other] = [await signIn(email), await signIn(email)];
    const changed = await post(
      '/auth/set-password',
      { cookie: caller.cookie },
      { currentPassword: PW, newPassword: NEW },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await expectEnded(other, 'after the change');
    expect(await cookieWorks(caller)).toBe(200);

    const before = await signIn(email, NEW);
    expect((await c.post('/auth/forgot-password', { email })).statusCode).toBe(200);
    await t.app.authRuntime.drain();
    const mail = c.mailsTo(smtp.mails, email).at(-1)!;
    const reset = await c.post('/auth/reset-password', {
      token: tokenFromMail(mail.text),
      newPassword: PW,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectEnded(before, 'after the reset');
  });

  it('disabling the holder ends their tokens at once, even when enabled again before any request', async () => {
    const email = await newHolder();
    const s = await signIn(email);
    const setActive = (active: boolean) =>
      t.database.db.update(shareholder).set({ active }).where(eq(shareholder.email, email));
    await setActive(false);
    await setActive(true);
    await expectEnded(s, 'disabled, then enabled');
  });

  it('logout with a bearer token ends the browser session of the same sign-in too', async () => {
    const email = await newHolder();
    const [s, other] = [await signIn(email), await signIn(email)];
    expect((await post('/auth/logout', bearer(s.accessToken))).statusCode).toBe(200);
    await expectEnded(s, 'the sign-in logged out');
    expect(await cookieWorks(other)).toBe(200);
  });
});
