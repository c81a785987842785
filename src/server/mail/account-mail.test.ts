// Every message the registry sends about a login names the recipient's company in its subject
// and its text, and comes from MAIL_FROM, signed with its name: read back from the SMTP catcher.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogin } from '../auth/create-login';
import { createHolder, createOrganization, addLogin } from '../test-support/fixtures';
import { useAuthClient, useSmtpCatcher } from '../test-support/use-sign-in-services';
import { useTestApp } from '../test-support/use-test-app';
import { tokenFromMail } from '../test-support/auth-client';
import type { CaughtMail } from '../test-support/smtp-catcher';

const MAIL_FROM = 'Żółć Investor Relations <ir@zolc.test>';
const COMPANY = 'Żółć & Søn Holdings, Inc.';
const smtp = useSmtpCatcher();
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url, MAIL_FROM } }));
const c = useAuthClient(t);
const PW = 'correct horse battery staple';

beforeAll(async () => {
  const db = t.database.db;
  // Created first, so that a message naming the first company rather than the recipient's fails.
  await createOrganization(db, 'Some Other Company, Inc.');
  const { organization } = await createOrganization(db, COMPANY);
  const holders = [
    ['Avery Admin', 'admin@zolc.test', true],
    ['Harper Holder', 'holder@zolc.test', false],
    ['Reese Reset', 'reset@zolc.test', false],
    ['Ivy Invited', 'invited@zolc.test', false],
    ['Nia Notice', 'notice@zolc.test', false],
    ['Ada Newadmin', 'new-admin@zolc.test', true],
  ] as const;
  for (const [name, email, isAdmin] of holders)
    await createHolder(db, organization.id, { name, email, isAdmin });
  for (const email of ['admin@zolc.test', 'holder@zolc.test', 'reset@zolc.test'])
    await addLogin(t, email, email, PW);
});

const mailsTo = async (email: string): Promise<CaughtMail[]> => {
  await t.app.authRuntime.drain();
  return c.mailsTo(smtp.mails, email);
};

/** Sends every kind of message once; returns them by kind. */
async function sendEveryKind(): Promise<Record<string, CaughtMail>> {
  await c.post('/auth/forgot-password', { email: 'reset@zolc.test' });
  const [resetLink] = await mailsTo('reset@zolc.test');
  const reset = await c.post('/auth/reset-password', {
    token: tokenFromMail(resetLink!.text),
    newPassword: 'a brand new passphrase',
  });
  expect(reset.statusCode).toBe(200);

  const holder = (await c.login('holder@zolc.test', PW)).cookie!;
  const changed = await c.post(
    '/auth/set-password',
    { currentPassword: PW, newPassword: 'my next passphrase' },
    { cookie: holder },
  );
  expect(changed.statusCode).toBe(200);

  const admin = (await c.login('admin@zolc.test', PW)).cookie!;
  for (const [email, sendEmail] of [
    ['invited@zolc.test', true],
    ['notice@zolc.test', false],
  ] as const) {
    const set = await c.post(
      '/auth/set-password',
      { email, newPassword: 'an initial password', sendEmail },
      { cookie: admin },
    );
    expect(set.statusCode).toBe(200);
  }

  // npm run admin -- create: the invitation to choose a password.
  const { auth } = t.app.authRuntime;
  await createLogin(t.database.db, { email: 'new-admin@zolc.test', name: 'Ada Newadmin' });
  await auth.api.requestPasswordReset({
    body: {
      email: 'new-admin@zolc.test',
      redirectTo: `${t.config.publicUrl}/reset-password?invite=1`,
    },
    headers: new Headers({ 'x-client-ip': '127.0.0.1' }),
  });

  const [resetNotice] = (await mailsTo('reset@zolc.test')).slice(1);
  return {
    resetLink: resetLink!,
    resetNotice: resetNotice!,
    changed: (await mailsTo('holder@zolc.test'))[0]!,
    loginCreated: (await mailsTo('invited@zolc.test'))[0]!,
    initialPasswordSet: (await mailsTo('notice@zolc.test'))[0]!,
    administratorInvitation: (await mailsTo('new-admin@zolc.test'))[0]!,
  };
}

describe('mail about a login', () => {
  it("names the recipient's company in the subject and the text, from MAIL_FROM, signed with its name", async () => {
    const sent = await sendEveryKind();
    expect(Object.keys(sent)).toHaveLength(6);
    for (const [kind, mail] of Object.entries(sent)) {
      expect(mail, kind).toBeDefined();
      expect(mail.subject, kind).toContain(COMPANY);
      expect(mail.text, kind).toContain(COMPANY);
      expect(mail.text, kind).not.toContain('Some Other Company');
      expect(mail.text, kind).not.toContain('Inc..');
      expect(mail.fromHeader, kind).toBe(MAIL_FROM);
      expect(mail.text, kind).toMatch(/^Żółć Investor Relations$/m);
      expect(mail.text, kind).not.toContain('Shareholder Registry');
    }
    // What each one is about stays in its subject.
    expect(sent.resetLink!.subject).toContain('Reset your password');
    expect(sent.resetNotice!.subject).toContain('was reset');
    expect(sent.changed!.subject).toContain('was changed');
    expect(sent.administratorInvitation!.text).toMatch(/reset-password\?token=/);
    expect(sent.loginCreated!.text).toContain(`${t.config.publicUrl}/login`);
  });
});
