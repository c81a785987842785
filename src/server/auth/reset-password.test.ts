import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../contract/auth';
import { authRateLimit, authUser, authVerification } from '../db/schema';
import { expectErrorAnswer, expectErrorAnswerLike } from '../test-support/expect-error-answer';
import { addLogin, createHolder, createOrganization } from '../test-support/fixtures';
import { useAuthClient, useSmtpCatcher } from '../test-support/use-sign-in-services';
import { useTestApp } from '../test-support/use-test-app';
import { tokenFromMail } from '../test-support/auth-client';

const smtp = useSmtpCatcher();
const t = useTestApp(() => ({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'Registry <registry@t.test>' },
}));
const c = useAuthClient(t);
const PW = 'correct horse battery staple';
const NEW = 'a brand new passphrase';

beforeAll(async () => {
  const { organization } = await createOrganization(t.database.db);
  for (const [i, email] of [
    'r1@t.test',
    'r2@t.test',
    'r3@t.test',
    'r4@t.test',
    'r5@t.test',
    'r6@t.test',
    'r7@t.test',
    'r8@t.test',
    'r9@t.test',
  ].entries()) {
    await createHolder(t.database.db, organization.id, { name: `Reset ${i}`, email });
    await addLogin(t, email, `Reset ${i}`, PW);
  }
});
afterEach(() => {
  vi.useRealTimers();
});

const forgot = (
  email: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  ip?: string,
) => c.post('/auth/forgot-password', { email, ...extra }, headers, ip);
const mailFor = async (email: string) => {
  await t.app.authRuntime.drain();
  const mails = c.mailsTo(smtp.mails, email);
  return mails.at(-1);
};

describe('POST /auth/forgot-password', () => {
  it('answers the same for a known and an unknown address; only the known one gets mail (RST-01)', async () => {
    const known = await forgot('r1@t.test');
    const unknown = await forgot('nobody@t.test');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ success: true, message: authMessages.forgotPasswordSent });
    const mail = await mailFor('r1@t.test');
    expect(mail?.subject).toBe('Test Holdings, Inc.: Reset your password');
    expect(mail?.text).toMatch(
      /^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{24,}$/m,
    );
    expect(c.mailsTo(smtp.mails, 'nobody@t.test')).toHaveLength(0);
  });

  it('sends at most 5 reset mails an hour per account; the answer stays the same (RST-05)', async () => {
    const before = c.mailsTo(smtp.mails, 'r2@t.test').length;
    const bodies = new Set<string>();
    for (let i = 0; i < 10; i++) bodies.add((await forgot('r2@t.test')).body);
    await t.app.authRuntime.drain();
    expect(bodies.size).toBe(1);
    expect(c.mailsTo(smtp.mails, 'r2@t.test').length - before).toBe(5);
  });

  it("keeps the cap when better-auth's limiter sweeps its own table (RST-05)", async () => {
    const before = c.mailsTo(smtp.mails, 'r9@t.test').length;
    for (let i = 0; i < 5; i++) await forgot('r9@t.test', {}, {}, `10.88.0.${i}`);
    // better-auth deletes every row of auth_rate_limit older than its own window, on any of its
    // requests (two anonymous get-session calls were enough): here, all of them at once.
    await t.database.db.delete(authRateLimit);
    await forgot('r9@t.test', {}, {}, '10.88.0.9');
    await t.app.authRuntime.drain();
    expect(c.mailsTo(smtp.mails, 'r9@t.test').length - before).toBe(5);
  });

  it('limits per IP: the 4th request within 60 s gets 429 (RST-05)', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 3; i++)
      expect((await forgot(`x${i}@t.test`, {}, {}, ip)).statusCode).toBe(200);
    const fourth = await forgot('x4@t.test', {}, {}, ip);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['x-retry-after']).toBeDefined();
  });

  it('builds the link from PUBLIC_URL, never from Host; resetUrl counts only on our origin (RST-06)', async () => {
    await forgot('r3@t.test', {}, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect((await mailFor('r3@t.test'))?.text).toContain(
      'http://localhost:3000/reset-password?token=',
    );
    await forgot('r3@t.test', { resetUrl: 'https://evil.example/steal' });
    expect((await mailFor('r3@t.test'))?.text).toContain(
      'http://localhost:3000/reset-password?token=',
    );
    await forgot('r3@t.test', { resetUrl: 'http://localhost:3000/reset-password' });
    expect((await mailFor('r3@t.test'))?.text).toContain(
      'http://localhost:3000/reset-password?token=',
    );
  });

  it('stores the token hashed: the raw token is nowhere in the database (RST-02)', async () => {
    await forgot('r4@t.test');
    const token = tokenFromMail((await mailFor('r4@t.test'))!.text);
    expect(token.length).toBeGreaterThanOrEqual(24); // 24 base62 characters ≈ 143 bits
    const rows = await t.database.db.select().from(authVerification);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('POST /auth/validate-reset-token', () => {
  it('answers {valid, user: {email}} and does not consume the token', async () => {
    await forgot('r5@t.test');
    const token = tokenFromMail((await mailFor('r5@t.test'))!.text);
    for (let i = 0; i < 2; i++) {
      const res = await c.post('/auth/validate-reset-token', { token });
      expect(res.json()).toEqual({ valid: true, user: { email: 'r5@t.test' } });
    }
    expect((await c.post('/auth/validate-reset-token', { token: 'nope' })).json()).toEqual({
      valid: false,
    });
  });

  it('lives 30 minutes (RST-03)', async () => {
    await forgot('r5@t.test');
    const token = tokenFromMail((await mailFor('r5@t.test'))!.text);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start + 29 * 60_000 + 59_000);
    expect((await c.post('/auth/validate-reset-token', { token })).json()).toMatchObject({
      valid: true,
    });
    vi.setSystemTime(start + 30 * 60_000 + 1000);
    expect((await c.post('/auth/validate-reset-token', { token })).json()).toEqual({
      valid: false,
    });
    const late = await c.post('/auth/reset-password', { token, newPassword: NEW });
    expect(late.json()).toMatchObject({ message: authMessages.invalidResetToken });
  });
});

describe('POST /auth/reset-password', () => {
  it('checks the token first, then the password rules, word for word', async () => {
    const bad = await c.post('/auth/reset-password', {
      token: 'not-a-token',
      newPassword: 'short',
    });
    expectErrorAnswer(bad, 400, {
      code: 'AUTH.INVALID_RESET_TOKEN',
      message: 'Invalid or expired reset token.',
    });
    await forgot('r6@t.test');
    const token = tokenFromMail((await mailFor('r6@t.test'))!.text);
    const short = await c.post('/auth/reset-password', { token, newPassword: 'short7c' });
    expect(short.json()).toMatchObject({
      message: 'Password must be at least 8 characters long.',
      field: 'newPassword',
    });
    const common = await c.post('/auth/reset-password', { token, newPassword: 'QwertyUiop' });
    expect(common.json()).toMatchObject({ message: authMessages.passwordTooCommon });
  });

  it('counts code points: 129 emoji refused, 128 accepted and usable at sign-in (AUTH-01)', async () => {
    const emoji128 = '🔑😀🌍🎉'.repeat(32);
    expect(emoji128).toHaveLength(256); // UTF-16 units, what better-auth counts
    await forgot('r8@t.test');
    const token = tokenFromMail((await mailFor('r8@t.test'))!.text);
    const long = await c.post('/auth/reset-password', { token, newPassword: `${emoji128}🔒` });
    expectErrorAnswerLike(long, 400, { message: authMessages.passwordTooLong });
    const ok = await c.post('/auth/reset-password', { token, newPassword: emoji128 });
    expect(ok.statusCode).toBe(200);
    expect((await c.login('r8@t.test', emoji128)).res.statusCode).toBe(200);
  });

  it('works once (20 parallel → exactly 1), revokes sessions, mails a notice, no auto-login (RST-04, RST-08, SES-06, AUTH-11)', async () => {
    const other = await c.login('r6@t.test', PW);
    // Three reset requests change nothing: the password still works (RST-08).
    for (let i = 0; i < 2; i++) await forgot('r6@t.test');
    expect((await c.login('r6@t.test', PW)).res.statusCode).toBe(200);
    await forgot('r6@t.test');
    const token = tokenFromMail((await mailFor('r6@t.test'))!.text);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => c.post('/auth/reset-password', { token, newPassword: NEW })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect(r.json()).toMatchObject({ message: 'Invalid or expired reset token.' });
    const ok = results.find((r) => r.statusCode === 200)!;
    expect(ok.headers['set-cookie']).toBeUndefined();
    expect((await c.userInfo({ cookie: other.cookie! })).statusCode).toBe(401);
    expect((await c.login('r6@t.test', PW)).res.statusCode).toBe(401);
    expect((await c.login('r6@t.test', NEW)).res.statusCode).toBe(200);
    await t.app.authRuntime.drain();
    const notices = c
      .mailsTo(smtp.mails, 'r6@t.test')
      .filter((m) => m.subject.includes('was reset'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).not.toMatch(/token|http/i);
    const [r6] = await t.database.db
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.email, 'r6@t.test'));
    expect(
      t.logs.filter((l) => l.event === 'auth.reset.completed' && l.userId === r6!.id),
    ).toHaveLength(1);
  });

  it('never logs a token or a reset link (LOG-03)', async () => {
    await t.app.authRuntime.drain();
    const all = JSON.stringify(t.logs);
    for (const m of smtp.mails.filter((x) => x.text.includes('token=')))
      expect(all).not.toContain(tokenFromMail(m.text));
    expect(all).not.toContain('reset-password?token=');
  });
});
