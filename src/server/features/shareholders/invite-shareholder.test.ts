// Inviting a holder to the portal (issue 25): POST /api/v1/shareholders/:id/invite mails a
// single-use link to choose a password; the profile and the directory say invited, then active.
import { describe, expect, it } from 'vitest';
import { directoryResponse, profileResponse } from '../../../contract/ledger';
import { holderMessages } from '../../../contract/shareholders';
import { tokenFromMail } from '../../test-support/auth-client';
import { expectErrorAnswer, expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { createHolder, createOrganization } from '../../test-support/fixtures';
import { injectJson } from '../../test-support/inject-json';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { useAuthClient, useSmtpCatcher } from '../../test-support/use-sign-in-services';
import { useTestApp } from '../../test-support/use-test-app';

const smtp = useSmtpCatcher();
const t = useTestApp(() => ({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'Registry <registry@t.test>' },
}));
const s = useLedgerScenario(t);
const c = useAuthClient(t);
const PASSWORD = 'a holder chose this passphrase';

const invite = (id: string, headers = s.as.admin) =>
  injectJson(t, 'POST', `/api/v1/shareholders/${id}/invite`, headers);
const portalInDirectory = async (id: string) =>
  directoryResponse
    .parse((await injectJson(t, 'GET', '/api/v1/shareholders?pageSize=200', s.as.admin)).json())
    .rows.find((r) => r.id === id)?.portal;
const lastMailTo = async (email: string) => {
  await t.app.authRuntime.drain();
  return c.mailsTo(smtp.mails, email).at(-1);
};

describe('POST /api/v1/shareholders/:id/invite', () => {
  it('mails a link to choose a password; the holder is invited, then active once they choose one', async () => {
    const added = await injectJson(t, 'POST', '/api/v1/shareholders', s.as.admin, {
      Name: 'Ivy Invited',
      Email: 'ivy@invite.example',
    });
    const ivy = profileResponse.parse(added.json());
    expect(ivy.portal).toBe('none');
    const res = await invite(ivy.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ivy.id, portal: 'invited' });
    expect(await portalInDirectory(ivy.id)).toBe('invited');
    const mail = await lastMailTo('ivy@invite.example');
    expect(mail?.subject).toMatch(/You are invited to see your shares$/);
    expect(mail?.text).toContain('within 30 minutes');

    // Sent again: a new link; the newest one sets the password.
    await invite(ivy.id);
    const again = await lastMailTo('ivy@invite.example');
    expect(tokenFromMail(again!.text)).not.toBe(tokenFromMail(mail!.text));
    const reset = await c.post('/auth/reset-password', {
      token: tokenFromMail(again!.text),
      newPassword: PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await c.login('ivy@invite.example', PASSWORD)).res.statusCode).toBe(200);
    expect(await portalInDirectory(ivy.id)).toBe('active');
    // Used once: the same link does not set a password twice.
    const reused = await c.post('/auth/reset-password', {
      token: tokenFromMail(again!.text),
      newPassword: 'another passphrase 2',
    });
    expect(reused.statusCode).toBe(400);
  });

  it('refuses a holder with no e-mail, an inactive one, a shareholder caller and another company', async () => {
    expectErrorAnswer(await invite(s.carol.id), 409, {
      code: 'SHAREHOLDER.NO_EMAIL',
      message: holderMessages.noEmail,
      field: 'Email',
    });
    const gone = await createHolder(s.db, s.organization.id, {
      name: 'Gone',
      email: 'gone@invite.example',
      active: false,
    });
    expectErrorAnswerLike(await invite(gone.id), 409, { code: 'SHAREHOLDER.INACTIVE' });
    expect((await invite(s.bob.id, s.as.alice)).statusCode).toBe(403);
    const other = await createOrganization(s.db, 'Elsewhere Invites, Inc.');
    const stranger = await createHolder(s.db, other.organization.id, {
      name: 'Stranger',
      email: 'stranger@invite.example',
    });
    expectErrorAnswerLike(await invite(stranger.id), 404, { code: 'SHAREHOLDER.NOT_FOUND' });
    await t.app.authRuntime.drain();
    expect(c.mailsTo(smtp.mails, 'stranger@invite.example')).toEqual([]);
    expect(c.mailsTo(smtp.mails, 'gone@invite.example')).toEqual([]);
  });
});
