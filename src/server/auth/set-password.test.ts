import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/auth';
import { createLogin } from './create-login';
import { commonPasswords } from './password-policy';
import { verifyPassword } from './auth';
import { authAccount, authUser, shareholder } from '../db/schema';
import { expectErrorAnswer, expectErrorAnswerLike } from '../test-support/expect-error-answer';
import {
  addLogin,
  browserSessionCookie,
  createHolder,
  createOrganization,
  linkGoogle,
} from '../test-support/fixtures';
import { useAuthClient, useSmtpCatcher } from '../test-support/use-sign-in-services';
import { useTestApp } from '../test-support/use-test-app';
import { tokenFromMail } from '../test-support/auth-client';

const smtp = useSmtpCatcher();
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url } }));
const c = useAuthClient(t);
const PW = 'correct horse battery staple';
/** Astral characters: one code point, two UTF-16 units each. */
const EMOJI_128 = '🔑😀🌍🎉'.repeat(32);
const EMOJI_129 = `${EMOJI_128}🔒`;

beforeAll(async () => {
  const db = t.database.db;
  const { organization } = await createOrganization(db);
  const other = await createOrganization(db, 'Other Co');
  await createHolder(db, organization.id, {
    name: 'Avery Admin',
    email: 'admin@t.test',
    isAdmin: true,
  });
  await createHolder(db, organization.id, { name: 'Harper Holder', email: 'holder@t.test' });
  await createHolder(db, organization.id, { name: 'New Holder', email: 'new@t.test' });
  await createHolder(db, organization.id, { name: 'Emma Emoji', email: 'emoji@t.test' });
  await createHolder(db, organization.id, { name: 'Ned Emoji', email: 'emoji-new@t.test' });
  await createHolder(db, organization.id, { name: 'Gia Googler', email: 'googler@t.test' });
  await createHolder(db, organization.id, { name: 'Łukasz Żółć', email: 'lukasz@t.test' });
  await createHolder(db, other.organization.id, { name: 'Foreign', email: 'foreign@t.test' });
  for (const email of ['admin@t.test', 'holder@t.test'])
    await createLogin(db, { email, name: email, password: PW });
});

const setPw = (cookie: string, body: Record<string, unknown>) =>
  c.post('/auth/set-password', body, { cookie });

describe("POST /auth/set-password: one's own password", () => {
  it('needs the current password, changes nothing when it is wrong (AUTH-03)', async () => {
    const { cookie } = await c.login('holder@t.test', PW);
    const missing = await setPw(cookie!, {
      email: 'holder@t.test',
      newPassword: 'my next passphrase',
    });
    expectErrorAnswerLike(missing, 400, { message: authMessages.currentPasswordRequired });
    const wrong = await setPw(cookie!, {
      email: 'holder@t.test',
      currentPassword: 'not it at all',
      newPassword: 'my next passphrase',
    });
    expectErrorAnswerLike(wrong, 400, { message: authMessages.currentPasswordWrong });
    expect((await c.login('holder@t.test', PW)).res.statusCode).toBe(200);
  });

  it('changes it, ends the other sessions, keeps this one, mails a confirmation (AUTH-03, AUTH-11)', async () => {
    const mine = await c.login('holder@t.test', PW);
    const other = await c.login('holder@t.test', PW);
    const res = await setPw(mine.cookie!, {
      email: 'holder@t.test',
      currentPassword: PW,
      newPassword: 'my next passphrase',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: authMessages.passwordSet });
    expect((await c.userInfo({ cookie: other.cookie! })).statusCode).toBe(401);
    expect((await c.userInfo({ cookie: mine.cookie! })).statusCode).toBe(200);
    expect((await c.login('holder@t.test', PW)).res.statusCode).toBe(401);
    expect((await c.login('holder@t.test', 'my next passphrase')).res.statusCode).toBe(200);
    await t.app.authRuntime.drain();
    const mails = c
      .mailsTo(smtp.mails, 'holder@t.test')
      .filter((m) => m.subject.includes('was changed'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain('my next passphrase');
    expect(t.logs.filter((l) => l.event === 'auth.password.changed')).toHaveLength(1);
  });

  it('applies the length rules: 7 refused, 8 and 128 accepted, 129 refused, any Unicode (AUTH-01)', async () => {
    await addLogin(t, 'len@t.test', 'Len', PW);
    let current = PW;
    const { cookie } = await c.login('len@t.test', PW);
    const attempt = (newPassword: string) =>
      setPw(cookie!, { currentPassword: current, newPassword, revokeOtherSessions: false });
    const seven = await attempt('abcdefg');
    expect(seven.json()).toMatchObject({ message: 'Password must be at least 8 characters long.' });
    const long129 = await attempt('z'.repeat(129));
    expect(long129.json()).toMatchObject({ message: authMessages.passwordTooLong });
    for (const ok of ['abcdefgh', 'y'.repeat(128), 'Żółć gęślą jaźń 密码 🔑']) {
      const res = await attempt(ok);
      expect(res.statusCode, ok).toBe(200);
      current = ok;
    }
    expect((await c.login('len@t.test', 'Żółć gęślą jaźń 密码 🔑')).res.statusCode).toBe(200);
  });
  it('counts code points: 128 emoji accepted and usable at sign-in, 129 refused (AUTH-01)', async () => {
    await addLogin(t, 'emoji@t.test', 'Emoji', PW);
    const { cookie } = await c.login('emoji@t.test', PW);
    const refused = await setPw(cookie!, { currentPassword: PW, newPassword: EMOJI_129 });
    expectErrorAnswerLike(refused, 400, { message: authMessages.passwordTooLong });
    const ok = await setPw(cookie!, {
      currentPassword: PW,
      newPassword: EMOJI_128,
      revokeOtherSessions: false,
    });
    expect(ok.statusCode).toBe(200);
    expect((await c.login('emoji@t.test', EMOJI_128)).res.statusCode).toBe(200);
  });
});

describe('POST /auth/set-password: an initial password for a holder', () => {
  it('counts code points: 128 emoji accepted and usable at sign-in, 129 refused (AUTH-01)', async () => {
    const { cookie } = await c.login('admin@t.test', PW);
    const refused = await setPw(cookie!, { email: 'emoji-new@t.test', newPassword: EMOJI_129 });
    expectErrorAnswerLike(refused, 400, { message: authMessages.passwordTooLong });
    const ok = await setPw(cookie!, { email: 'emoji-new@t.test', newPassword: EMOJI_128 });
    expect(ok.statusCode).toBe(200);
    expect((await c.login('emoji-new@t.test', EMOJI_128)).res.statusCode).toBe(200);
  });

  it('lets an administrator give a holder with no login an initial password and an invitation (RST-09)', async () => {
    const { cookie } = await c.login('admin@t.test', PW);
    const res = await setPw(cookie!, {
      email: 'lukasz@t.test',
      newPassword: 'welcome aboard 2026',
      sendEmail: true,
      loginUrl: 'https://evil.example/login',
    });
    expect(res.statusCode).toBe(200);
    expect((await c.login('lukasz@t.test', 'welcome aboard 2026')).res.statusCode).toBe(200);
    await t.app.authRuntime.drain();
    const invite = c.mailsTo(smtp.mails, 'lukasz@t.test').at(-1)!;
    expect(invite.subject).toBe('Test Holdings, Inc.: Your shareholder login');
    expect(invite.text).toContain('http://localhost:3000/login');
    expect(invite.text).not.toContain('evil.example');
    expect(invite.text).not.toContain('welcome aboard 2026');
    const [user] = await t.database.db
      .select()
      .from(authUser)
      .where(eq(authUser.email, 'lukasz@t.test'));
    expect(user!.name).toBe('Łukasz Żółć');
  });

  it('refuses a holder who already has a login, one of another organization, and non-administrators', async () => {
    const admin = (await c.login('admin@t.test', PW)).cookie!;
    const holder = (await c.login('lukasz@t.test', 'welcome aboard 2026')).cookie!;
    const initial = { newPassword: 'another initial pass' };
    const sneaky = { newPassword: 'sneaky initial pass' };
    for (const [cookie, body, status, message] of [
      [admin, { ...initial, email: 'lukasz@t.test' }, 409, authMessages.alreadyHasLogin],
      [admin, { ...initial, email: 'foreign@t.test' }, 404, authMessages.noSuchHolder],
      [holder, { ...sneaky, email: 'new@t.test' }, 403, authMessages.mayNotSetPassword],
      [holder, { ...sneaky, userId: 'someone-else' }, 403, authMessages.mayNotSetPassword],
    ] as const)
      expectErrorAnswerLike(await setPw(cookie, body), status, { message });
    expect((await c.login('new@t.test', 'sneaky initial pass')).res.statusCode).toBe(401);
  });

  it('refuses a holder who signs in with Google only: 409, no password added (RST-09)', async () => {
    const { userId } = await createLogin(t.database.db, {
      email: 'googler@t.test',
      name: 'Gia Googler',
    });
    await linkGoogle(t.database.db, userId, 'g-gia');
    const admin = await c.login('admin@t.test', PW);
    for (const target of [{ email: 'googler@t.test' }, { userId }]) {
      const res = await setPw(admin.cookie!, { ...target, newPassword: 'admin chosen password' });
      expectErrorAnswer(res, 409, {
        code: 'AUTH.ALREADY_HAS_LOGIN',
        message: authMessages.alreadyHasLogin,
      });
    }
    const accounts = await t.database.db
      .select({ providerId: authAccount.providerId, password: authAccount.password })
      .from(authAccount)
      .where(eq(authAccount.userId, userId));
    expect(accounts).toEqual([{ providerId: 'google', password: null }]);
    expect((await c.login('googler@t.test', 'admin chosen password')).res.statusCode).toBe(401);
  });

  it("lets no endpoint set another user's password otherwise: every write route × every kind of target (RST-09)", async () => {
    const db = t.database.db;
    const EVIL = 'admin chosen password 9';
    const own = (email: string, password: string) =>
      createLogin(db, { email, name: email, password });
    // Every kind of user an administrator might aim at, each with the password it has now.
    const targets: Array<{ kind: string; email: string; password: string | null; userId: string }> =
      [];
    for (const [kind, email, password] of [
      ['holder with a password', 'matrix-holder@t.test', 'matrix holder password'],
      ['another administrator', 'matrix-admin@t.test', 'matrix admin password'],
      ['holder of another organization', 'foreign@t.test', 'foreign holder password'],
      ['user with no holder record', 'matrix-stranger@t.test', 'stranger password'],
      ['holder with Google only', 'matrix-google@t.test', null],
    ] as const) {
      const { userId } = await own(email, password ?? PW);
      if (password === null) {
        await db.delete(authAccount).where(eq(authAccount.userId, userId));
        await linkGoogle(db, userId, email);
      }
      targets.push({ kind, email, password, userId });
    }
    const [orgRow] = await db
      .select()
      .from(shareholder)
      .where(eq(shareholder.email, 'admin@t.test'));
    await createHolder(db, orgRow!.organizationId, {
      name: 'Matrix Holder',
      email: 'matrix-holder@t.test',
    });
    await createHolder(db, orgRow!.organizationId, {
      name: 'Matrix Admin',
      email: 'matrix-admin@t.test',
      isAdmin: true,
    });
    await createHolder(db, orgRow!.organizationId, {
      name: 'Matrix Google',
      email: 'matrix-google@t.test',
    });
    const holderIds = await db.select({ id: shareholder.id }).from(shareholder);
    const [{ id: adminId }] = (await db
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.email, 'admin@t.test'))) as [{ id: string }];
    // Every write route of the app, and better-auth's own password endpoints (not mounted).
    const writes = [
      ...t.app.routeInventory.filter((r) => /^(POST|PUT|PATCH|DELETE) /.test(r)),
      'POST /api/auth/change-password',
      'POST /api/auth/set-password',
      'POST /api/auth/reset-password',
      'POST /api/auth/admin/set-user-password',
      'POST /api/auth/update-user',
    ];
    expect(writes).toContain('POST /auth/set-password');
    let attempts = 0;
    for (const route of writes) {
      const [method, pattern] = route.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      for (const target of targets) {
        for (const body of [
          { email: target.email, newPassword: EVIL },
          { userId: target.userId, newPassword: EVIL },
          { userId: target.userId, email: target.email, newPassword: EVIL, password: EVIL },
          { userId: target.userId, newPassword: EVIL, currentPassword: 'a wrong guess 1' },
        ]) {
          // A fresh administrator session each time: some routes end sessions.
          const cookie = await browserSessionCookie(t, adminId);
          const url = pattern
            .replace(':id', holderIds[attempts % holderIds.length]!.id)
            .replace(':providerId', 'google');
          const res = await t.app.inject({
            method,
            url,
            headers: { cookie, origin: c.origin },
            payload: body,
            remoteAddress: c.nextIp(),
          });
          attempts++;
          expect(res.statusCode, `${route} ${target.kind}`).not.toBe(500);
        }
      }
    }
    expect(attempts).toBe(writes.length * targets.length * 4);
    for (const target of targets) {
      expect((await c.login(target.email, EVIL)).res.statusCode, target.kind).toBe(401);
      if (target.password)
        expect((await c.login(target.email, target.password)).res.statusCode, target.kind).toBe(
          200,
        );
      const [credential] = await db
        .select({ password: authAccount.password })
        .from(authAccount)
        .where(
          and(eq(authAccount.userId, target.userId), eq(authAccount.providerId, 'credential')),
        );
      if (!target.password) expect(credential, target.kind).toBeUndefined();
      else
        expect(await verifyPassword({ hash: credential!.password!, password: EVIL })).toBe(false);
    }
  }, 240_000);

  it('answers 401 without a session', async () => {
    const res = await c.post('/auth/set-password', {
      email: 'new@t.test',
      newPassword: 'sneaky initial pass',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the common-password list (AUTH-02)', () => {
  it('is refused at all three entry points: reset, change and initial password (200 samples)', async () => {
    const eligible = [...commonPasswords()].filter(
      (p) => [...p].length >= 8 && [...p].length <= 128,
    );
    expect(commonPasswords().size).toBe(10000);
    const step = Math.floor(eligible.length / 200);
    const sample = Array.from({ length: 200 }, (_, i) => eligible[i * step]!);
    const admin = await c.login('admin@t.test', 'correct horse battery staple');
    await c.post('/auth/forgot-password', { email: 'admin@t.test' });
    await t.app.authRuntime.drain();
    const token = tokenFromMail(c.mailsTo(smtp.mails, 'admin@t.test').at(-1)!.text);
    let refused = 0;
    for (const p of sample) {
      const results = await Promise.all([
        c.post('/auth/reset-password', { token, newPassword: p }),
        setPw(admin.cookie!, { currentPassword: PW, newPassword: p }),
        setPw(admin.cookie!, { email: 'new@t.test', newPassword: p }),
      ]);
      if (
        results.every(
          (r) =>
            r.statusCode === 400 &&
            r.json<{ message: string }>().message === authMessages.passwordTooCommon,
        )
      )
        refused++;
    }
    expect(refused).toBe(200);
  });
});
