import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogin } from '../../auth/create-login';
import { authUser } from '../../db/schema';
import { createHolder, createOrganization, sessionCookieOf } from '../../test-support/fixtures';
import {
  googleEnv,
  useAuthClient,
  useSmtpCatcher,
  useTestIdp,
} from '../../test-support/use-sign-in-services';
import { useTestApp } from '../../test-support/use-test-app';
import { tokenFromMail } from './auth-test-helpers';
import { testBrowser } from '../../test-support/test-browser';

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
    await createLogin(t.app.authRuntime.auth, db, { email, name: email, password: PW });
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

describe('sign-in events (LOG-01)', () => {
  it('password sign-in: success and failure', async () => {
    const ok = await c.post(
      '/auth/login',
      { username: 'holder@t.test', password: PW },
      forged('login-ok'),
      '10.5.0.1',
    );
    expect(ok.statusCode).toBe(200);
    const tokens = ok.json<{ accessToken: string; refreshToken: string }>();
    secrets.push(
      tokens.accessToken,
      tokens.refreshToken,
      sessionCookieOf(ok.headers['set-cookie'])!,
    );
    expectOneLine('auth.login.success', 'login-ok', {
      userId: await userIdOf('holder@t.test'),
      ip: '10.5.0.1',
      requestId: requestIdOf(ok),
    });
    const bad = await c.post(
      '/auth/login',
      { username: 'holder@t.test', password: WRONG_PW },
      forged('login-bad'),
      '10.5.0.2',
    );
    expect(bad.statusCode).toBe(401);
    expectOneLine('auth.login.failure', 'login-bad', {
      userId: await userIdOf('holder@t.test'),
      ip: '10.5.0.2',
      requestId: requestIdOf(bad),
    });
  });

  it('password reset: requested and completed', async () => {
    const userId = await userIdOf('holder@t.test');
    const asked = await c.post(
      '/auth/forgot-password',
      { email: 'holder@t.test' },
      forged('reset-asked'),
      '10.5.0.3',
    );
    expect(asked.statusCode).toBe(200);
    expectOneLine('auth.reset.requested', 'reset-asked', {
      userId,
      ip: '10.5.0.3',
      requestId: requestIdOf(asked),
    });
    await t.app.authRuntime.drain();
    const mail = c.mailsTo(smtp.mails, 'holder@t.test').at(-1)!;
    const token = tokenFromMail(mail.text);
    secrets.push(token, `reset-password?token=${token}`);
    const done = await c.post(
      '/auth/reset-password',
      { token, newPassword: NEW_PW },
      forged('reset-done'),
      '10.5.0.4',
    );
    expect(done.statusCode).toBe(200);
    expectOneLine('auth.reset.completed', 'reset-done', {
      userId,
      ip: '10.5.0.4',
      requestId: requestIdOf(done),
    });
  });

  it('password change, initial password and logout', async () => {
    const holder = await c.login('holder@t.test', NEW_PW);
    const changed = await c.post(
      '/auth/set-password',
      { currentPassword: NEW_PW, newPassword: CHANGED_PW },
      { cookie: holder.cookie!, ...forged('changed') },
      '10.5.0.5',
    );
    expect(changed.statusCode).toBe(200);
    expectOneLine('auth.password.changed', 'changed', {
      userId: await userIdOf('holder@t.test'),
      ip: '10.5.0.5',
      requestId: requestIdOf(changed),
    });
    const admin = await c.login('admin@t.test', PW);
    const initial = await c.post(
      '/auth/set-password',
      { email: 'ivan@t.test', newPassword: INITIAL_PW },
      { cookie: admin.cookie!, ...forged('initial') },
      '10.5.0.6',
    );
    expect(initial.statusCode).toBe(200);
    const line = expectOneLine('auth.password.initial_set', 'initial', {
      userId: await userIdOf('admin@t.test'),
      ip: '10.5.0.6',
      requestId: requestIdOf(initial),
    });
    expect(line.targetUserId).toBe(await userIdOf('ivan@t.test'));
    const out = await c.post(
      '/auth/logout',
      {},
      { cookie: admin.cookie!, ...forged('logout') },
      '10.5.0.7',
    );
    expect(out.statusCode).toBe(200);
    expectOneLine('auth.logout', 'logout', {
      userId: await userIdOf('admin@t.test'),
      ip: '10.5.0.7',
      requestId: requestIdOf(out),
    });
  });

  it('Google: success and link, link refused, session refused', async () => {
    const callbackRequestId = (b: ReturnType<typeof testBrowser>) =>
      requestIdOf(b.appResponses.find((r) => r.url.includes('/api/auth/callback/google'))!);

    idp.setUser({ sub: 'g-gwen', email: 'gwen@t.test', email_verified: true, name: 'Gwen' });
    const gwen = testBrowser(t, forged('google-ok'));
    await gwen.go('/auth/oauth/google?redirect=true');
    expect(gwen.session()).toBeTruthy();
    secrets.push(gwen.session()!);
    const gwenId = await userIdOf('gwen@t.test');
    for (const event of ['auth.google.success', 'auth.google.linked'])
      expectOneLine(event, 'google-ok', {
        userId: gwenId,
        ip: '127.0.0.1',
        requestId: callbackRequestId(gwen),
      });

    // An administrator's password account is never linked to Google implicitly (AUTH-09).
    idp.setUser({ sub: 'g-admin', email: 'admin@t.test', email_verified: true, name: 'Avery' });
    const admin = testBrowser(t, forged('google-link-refused'));
    await admin.go('/auth/oauth/google?redirect=true');
    expect(admin.session()).toBeFalsy();
    expectOneLine('auth.google.link_refused', 'google-link-refused', {
      userId: await userIdOf('admin@t.test'),
      ip: '127.0.0.1',
      requestId: callbackRequestId(admin),
    });

    // A disabled holder gets no session (AUTH-10).
    idp.setUser({ sub: 'g-gone', email: 'gone@t.test', email_verified: true, name: 'Gone' });
    const gone = testBrowser(t, forged('google-session-refused'));
    await gone.go('/auth/oauth/google?redirect=true');
    expect(gone.session()).toBeFalsy();
    expectOneLine('auth.session.refused', 'google-session-refused', {
      userId: await userIdOf('gone@t.test'),
      ip: '127.0.0.1',
      requestId: callbackRequestId(gone),
    });
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
