import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogin } from './create-login';
import { authUser } from '../db/schema';
import { createHolder, createOrganization, sessionCookieOf } from '../test-support/fixtures';
import {
  googleEnv,
  useAuthClient,
  useSmtpCatcher,
  useTestIdp,
} from '../test-support/use-sign-in-services';
import { useTestApp } from '../test-support/use-test-app';
import { tokenFromMail } from '../test-support/auth-client';
import { testBrowser } from '../test-support/test-browser';

// LOG-01: every sign-in event is one log line with UTC time, user id, IP, user agent and the
// request id of the request that caused it, whatever request id or IP the client claims.
// LOG-03: no password, token, cookie or link in any line.

const smtp = useSmtpCatcher();
const idp = useTestIdp();
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url, ...googleEnv(idp) } }));
const c = useAuthClient(t);
// Unique strings that must never reach a log line.
const PW = 'secret-passphrase-AAA-41f9';
const NEW_PW = 'secret-passphrase-BBB-73c2';
const CHANGED_PW = 'secret-passphrase-CCC-90d1';
const INITIAL_PW = 'secret-passphrase-DDD-22e8';
const WRONG_PW = 'secret-passphrase-EEE-5a07';
const secrets: string[] = [PW, NEW_PW, CHANGED_PW, INITIAL_PW, WRONG_PW];

/** Headers a client might forge: none of them may end up as the logged request id or IP. */
const forged = (n: string) => ({
  'user-agent': `EventTest/${n}`,
  'x-request-id': `forged-request-id-${n}`,
  'x-client-ip': '6.6.6.6',
  'x-forwarded-for': '6.6.6.6',
});

beforeAll(async () => {
  const db = t.database.db;
  const { organization } = await createOrganization(db);
  for (const [name, email, isAdmin, active] of [
    ['Avery Admin', 'admin@t.test', true, true],
    ['Harper Holder', 'holder@t.test', false, true],
    ['Gwen Google', 'gwen@t.test', false, true],
    ['Ivan Initial', 'ivan@t.test', false, true],
    ['Gone', 'gone@t.test', false, false],
  ] as const)
    await createHolder(db, organization.id, { name, email, isAdmin, active });
  for (const email of ['admin@t.test', 'holder@t.test'])
    await createLogin(db, { email, name: email, password: PW });
});

const userIdOf = async (email: string) =>
  (
    await t.database.db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email))
  )[0]!.id;

/** The one line of this event caused by the request with this user agent, checked field by field. */
function expectOneLine(
  event: string,
  n: string,
  expected: { userId: string; ip: string; requestId: string },
) {
  const lines = t.logs.filter((l) => l.event === event && l.userAgent === `EventTest/${n}`);
  expect(lines, `${event} lines`).toHaveLength(1);
  const line = lines[0]!;
  expect(line.at, event).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(Math.abs(Date.parse(String(line.at)) - Number(line.time)), event).toBeLessThan(1000);
  expect(line.userId, event).toBe(expected.userId);
  expect(line.ip, event).toBe(expected.ip);
  expect(line.requestId, event).toBe(expected.requestId);
  expect(String(line.requestId)).not.toContain('forged');
  return line;
}

const requestIdOf = (res: { headers: Record<string, unknown> }) => {
  const id = res.headers['x-request-id'];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return String(id);
};

/**
 * POSTs as client `n` from `ip` (with forged headers, and the cookie when given), expects
 * `status`, and checks the one `event` line: the user of `email`, that IP, this request's id.
 */
async function postAndExpectLine(
  call: { url: string; body: object; n: string; ip: string; cookie?: string; status: number },
  event: string,
  email: string,
) {
  const { url, body, n, ip, cookie, status } = call;
  const res = await c.post(url, body, { ...(cookie ? { cookie } : {}), ...forged(n) }, ip);
  expect(res.statusCode).toBe(status);
  const line = expectOneLine(event, n, {
    userId: await userIdOf(email),
    ip,
    requestId: requestIdOf(res),
  });
  return { res, line };
}

/** Google answers as `user`; a browser with client `n`'s forged headers signs in with it. */
async function googleSignIn(user: { sub: string; email: string; name: string }, n: string) {
  idp.setUser({ ...user, email_verified: true });
  const b = testBrowser(t, forged(n));
  await b.go('/auth/oauth/google?redirect=true');
  const callback = b.appResponses.find((r) => r.url.includes('/api/auth/callback/google'))!;
  /** Checks the one `event` line of this sign-in: the user's id, the callback's request id. */
  const expectLine = async (event: string) =>
    expectOneLine(event, n, {
      userId: await userIdOf(user.email),
      ip: '127.0.0.1',
      requestId: requestIdOf(callback),
    });
  return { session: b.session(), expectLine };
}

describe('sign-in events (LOG-01)', () => {
  it('password sign-in: success and failure', async () => {
    const login = { url: '/auth/login', status: 200, ip: '10.5.0.1', n: 'login-ok' };
    const body = { username: 'holder@t.test', password: PW };
    const { res: ok } = await postAndExpectLine(
      { ...login, body },
      'auth.login.success',
      'holder@t.test',
    );
    const tokens = ok.json<{ accessToken: string; refreshToken: string }>();
    secrets.push(
      tokens.accessToken,
      tokens.refreshToken,
      sessionCookieOf(ok.headers['set-cookie'])!,
    );
    await postAndExpectLine(
      {
        ...login,
        body: { ...body, password: WRONG_PW },
        status: 401,
        ip: '10.5.0.2',
        n: 'login-bad',
      },
      'auth.login.failure',
      'holder@t.test',
    );
  });

  it('password reset: requested and completed', async () => {
    await postAndExpectLine(
      {
        url: '/auth/forgot-password',
        body: { email: 'holder@t.test' },
        n: 'reset-asked',
        ip: '10.5.0.3',
        status: 200,
      },
      'auth.reset.requested',
      'holder@t.test',
    );
    await t.app.authRuntime.drain();
    const mail = c.mailsTo(smtp.mails, 'holder@t.test').at(-1)!;
    const token = tokenFromMail(mail.text);
    secrets.push(token, `reset-password?token=${token}`);
    await postAndExpectLine(
      {
        url: '/auth/reset-password',
        body: { token, newPassword: NEW_PW },
        n: 'reset-done',
        ip: '10.5.0.4',
        status: 200,
      },
      'auth.reset.completed',
      'holder@t.test',
    );
  });

  it('password change, initial password and logout', async () => {
    const holder = await c.login('holder@t.test', NEW_PW);
    await postAndExpectLine(
      {
        url: '/auth/set-password',
        body: { currentPassword: NEW_PW, newPassword: CHANGED_PW },
        cookie: holder.cookie!,
        n: 'changed',
        ip: '10.5.0.5',
        status: 200,
      },
      'auth.password.changed',
      'holder@t.test',
    );
    const admin = await c.login('admin@t.test', PW);
    const { line } = await postAndExpectLine(
      {
        url: '/auth/set-password',
        body: { email: 'ivan@t.test', newPassword: INITIAL_PW },
        cookie: admin.cookie!,
        n: 'initial',
        ip: '10.5.0.6',
        status: 200,
      },
      'auth.password.initial_set',
      'admin@t.test',
    );
    expect(line.targetUserId).toBe(await userIdOf('ivan@t.test'));
    await postAndExpectLine(
      {
        url: '/auth/logout',
        body: {},
        cookie: admin.cookie!,
        n: 'logout',
        ip: '10.5.0.7',
        status: 200,
      },
      'auth.logout',
      'admin@t.test',
    );
  });

  it('Google: success and link, link refused, session refused', async () => {
    const gwen = await googleSignIn(
      { sub: 'g-gwen', email: 'gwen@t.test', name: 'Gwen' },
      'google-ok',
    );
    expect(gwen.session).toBeTruthy();
    secrets.push(gwen.session!);
    for (const event of ['auth.google.success', 'auth.google.linked']) await gwen.expectLine(event);

    // An administrator's password account is never linked to Google implicitly (AUTH-09), and a
    // disabled holder gets no session (AUTH-10).
    for (const [user, n, event] of [
      [
        { sub: 'g-admin', email: 'admin@t.test', name: 'Avery' },
        'google-link-refused',
        'auth.google.link_refused',
      ],
      [
        { sub: 'g-gone', email: 'gone@t.test', name: 'Gone' },
        'google-session-refused',
        'auth.session.refused',
      ],
    ] as const) {
      const refused = await googleSignIn(user, n);
      expect(refused.session).toBeFalsy();
      await refused.expectLine(event);
    }
  });
});

describe('no secret in any log line (LOG-03)', () => {
  it('holds no password, token, session cookie or reset link', async () => {
    await t.app.authRuntime.drain();
    const all = JSON.stringify(t.logs);
    expect(secrets.length).toBe(11);
    for (const s of secrets) expect(all).not.toContain(s.replace(/^[^=]+=/, ''));
    expect(all).not.toContain('reset-password?token=');
    expect(all).not.toMatch(/"(password|newPassword|currentPassword)":"(?!\[Redacted\])/);
  });
});
