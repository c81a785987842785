// The rows auth-records.ts writes and reads itself, against better-auth's public API: a login it
// creates signs in through signInEmail, a session it inserts is the session getSession reads (by
// cookie and by bearer token), and a reset token requestPasswordReset stores is found by
// resetTokenUser until resetPassword uses it. An upgrade of better-auth that reads its tables
// differently fails here, not in production (decision 095).
import { describe, expect, it } from 'vitest';
import { hashPassword } from './auth';
import { hasPassword, insertSession, resetTokenUser, setCredentialPassword } from './auth-records';
import { createLogin } from './create-login';
import { browserSessionCookie, createHolder, createOrganization } from '../test-support/fixtures';
import { useAuthClient, useSmtpCatcher } from '../test-support/use-sign-in-services';
import { useTestApp } from '../test-support/use-test-app';
import { tokenFromMail } from '../test-support/auth-client';

const smtp = useSmtpCatcher();
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url } }));
const c = useAuthClient(t);
const auth = () => t.app.authRuntime.auth;
const PW = 'correct horse battery staple';

const signIn = (email: string, password: string) =>
  auth()
    .api.signInEmail({ body: { email, password } })
    .then(
      (r) => r.user.id,
      () => null,
    );
const sessionOf = (headers: Record<string, string>) =>
  auth().api.getSession({ headers: new Headers(headers), query: { disableCookieCache: true } });

describe("the rows the app writes are better-auth's own", () => {
  it('a login created with a password signs in; a changed password replaces it', async () => {
    const { userId } = await createLogin(t.database.db, {
      email: 'Rec@T.test',
      name: 'Rec',
      password: PW,
    });
    expect(await signIn('rec@t.test', PW)).toBe(userId);
    expect(await hasPassword(t.database.db, userId)).toBe(true);
    await setCredentialPassword(
      t.database.db,
      userId,
      await hashPassword('another good passphrase'),
    );
    expect(await signIn('rec@t.test', PW)).toBeNull();
    expect(await signIn('rec@t.test', 'another good passphrase')).toBe(userId);
  });

  it('a login created without a password has none and cannot sign in until one is set', async () => {
    const { userId } = await createLogin(t.database.db, { email: 'nopw@t.test', name: 'No' });
    expect(await hasPassword(t.database.db, userId)).toBe(false);
    expect(await signIn('nopw@t.test', PW)).toBeNull();
    await setCredentialPassword(t.database.db, userId, await hashPassword(PW));
    expect(await signIn('nopw@t.test', PW)).toBe(userId);
  });

  it('an inserted session is the one getSession reads, by bearer token and by signed cookie', async () => {
    const { userId } = await createLogin(t.database.db, { email: 'ses@t.test', name: 'Ses' });
    const expiresAt = new Date(Date.now() + 15 * 60_000);
    const api = await insertSession(t.database.db, { userId, kind: 'api', expiresAt });
    const byBearer = await sessionOf({ authorization: `Bearer ${api.token}` });
    expect(byBearer?.session).toMatchObject({ id: api.id, userId, kind: 'api' });
    expect(new Date(byBearer!.session.expiresAt).getTime()).toBe(expiresAt.getTime());
    const byCookie = await sessionOf({ cookie: await browserSessionCookie(t, userId) });
    expect(byCookie?.user.id).toBe(userId);
    expect(byCookie?.session.kind).toBe('web');
  });

  it('finds the login of a reset token better-auth stored, until resetPassword uses it', async () => {
    const { organization } = await createOrganization(t.database.db);
    await createHolder(t.database.db, organization.id, { name: 'Rita', email: 'rita@t.test' });
    const { userId } = await createLogin(t.database.db, {
      email: 'rita@t.test',
      name: 'Rita',
      password: PW,
    });
    await auth().api.requestPasswordReset({ body: { email: 'rita@t.test' } });
    await t.app.authRuntime.drain();
    const token = tokenFromMail(c.mailsTo(smtp.mails, 'rita@t.test').at(-1)!.text);
    expect(await resetTokenUser(t.database.db, token)).toEqual({
      id: userId,
      email: 'rita@t.test',
    });
    expect(await resetTokenUser(t.database.db, `${token}x`)).toBeNull();
    await auth().api.resetPassword({ body: { token, newPassword: 'a reset passphrase 1' } });
    expect(await resetTokenUser(t.database.db, token)).toBeNull();
    expect(await signIn('rita@t.test', 'a reset passphrase 1')).toBe(userId);
  });
});
