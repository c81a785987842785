import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { rows } from '../db/sql';
import type { MailMessage } from './mailer';

/** The messages about a login, with what each one carries besides the company. */
export type AccountMail =
  | { kind: 'reset-link'; link: string }
  | { kind: 'administrator-invitation'; link: string }
  | { kind: 'holder-invitation'; link: string }
  | { kind: 'login-created'; loginUrl: string }
  | { kind: 'password-reset' }
  | { kind: 'password-changed' }
  | { kind: 'initial-password-set' }
  | { kind: 'sustained-guessing'; failures: number; minutes: number };

interface Texts {
  subject: string;
  body: string;
}

type Kind = AccountMail['kind'];

/** A sentence's full stop, unless it ends on one already ("Acme Holdings, Inc."). */
const stop = (sentence: string): string => (sentence.endsWith('.') ? sentence : `${sentence}.`);

/** What each message says, in the words of `registry`: "the shareholder registry of {company}". */
const TEXTS: { [K in Kind]: (mail: Extract<AccountMail, { kind: K }>, registry: string) => Texts } =
  {
    'reset-link': (mail, registry) => ({
      subject: 'Reset your password',
      body:
        `${stop(`Someone asked to reset the password of your login to ${registry}`)}\n\n` +
        `To choose a new password, open this link within 30 minutes:\n${mail.link}\n\n` +
        `If you did not ask for this, ignore this message: your password stays as it is.`,
    }),
    'administrator-invitation': (mail, registry) => ({
      subject: 'Your administrator account',
      body:
        `${stop(`An administrator account was created for you in ${registry}`)}\n\n` +
        `To choose your password, open this link within 30 minutes:\n${mail.link}\n\n` +
        `If it has expired, use "Reset Password" on the login page.`,
    }),
    'holder-invitation': (mail, registry) => ({
      subject: 'You are invited to see your shares',
      body:
        `${stop(`You are invited to sign in to ${registry}`)} There you can see your shares, ` +
        `your certificates and your statement at any time.\n\n` +
        `To choose your password, open this link within 30 minutes:\n${mail.link}\n\n` +
        `If it has expired, use "Reset Password" on the login page, or ask your administrator ` +
        `to send the invitation again.`,
    }),
    'password-reset': (_, registry) => ({
      subject: 'Your password was reset',
      body:
        `The password of your login to ${registry} was reset, and every session was signed out.\n\n` +
        `If this was not you, contact your administrator at once.`,
    }),
    'password-changed': (_, registry) => ({
      subject: 'Your password was changed',
      body:
        `The password of your login to ${registry} was changed, and your other sessions were signed out.\n\n` +
        `If this was not you, reset your password and contact your administrator at once.`,
    }),
    'login-created': (mail, registry) => ({
      subject: 'Your shareholder login',
      body:
        `${stop(`An administrator has created a login for you in ${registry}`)}\n\n` +
        `Sign in at ${mail.loginUrl} with this e-mail address and the initial password your administrator gives you,\n` +
        `or choose your own password with "Reset Password" on that page.`,
    }),
    'sustained-guessing': (mail, registry) => ({
      subject: 'Someone is trying to sign in to your account',
      body:
        `There have been ${mail.failures} failed attempts to sign in to your login to ${registry} ` +
        `in the last ${mail.minutes} minutes.\n\n` +
        `Your account is not locked: you can still sign in. The addresses that keep guessing are slowed down.\n\n` +
        `If this was not you, choose a strong new password ("Reset Password" on the login page) and tell your administrator.`,
    }),
    'initial-password-set': (_, registry) => ({
      subject: 'A password was set for your account',
      body:
        `${stop(`An administrator set an initial password for your login to ${registry}`)}\n\n` +
        `If you did not expect this, contact your administrator.`,
    }),
  };

const textsOf = <K extends Kind>(mail: Extract<AccountMail, { kind: K }>, registry: string) =>
  (TEXTS[mail.kind] as (m: typeof mail, r: string) => Texts)(mail, registry);

/** MAIL_FROM's display name (`Name <address>`), or its address when it has none. */
export function senderName(mailFrom: string): string {
  const named = /^\s*"?([^"<]*?)"?\s*<[^>]+>\s*$/.exec(mailFrom);
  return named?.[1] ? named[1] : mailFrom.trim();
}

/**
 * The company a recipient belongs to: their login's (a login belongs to the company it was made
 * in), or before they have one the organization of the holder their e-mail matches (an active
 * administrator first, as at sign-in). A mail to no holder names the sender instead.
 */
async function companyOf(db: Db, email: string): Promise<string | undefined> {
  const [row] = await rows<{ legal_name: string }>(
    db,
    sql`select o.legal_name
          from organization o
         where o.id = coalesce(
                 (select u.organization_id from auth_user u where lower(u.email) = lower(${email})),
                 (select m.organization_id
                    from shareholder m
                   where lower(m.email) = lower(${email})
                   order by m.active desc, m.is_admin desc, m.created_at
                   limit 1))`,
  );
  return row?.legal_name;
}

/**
 * A message about a login to `to`: the company's name opens the subject and is named in the
 * text, which is signed with MAIL_FROM's name (the mailer sends it from MAIL_FROM).
 */
export async function accountMail(
  deps: { db: Db; config: Pick<Config, 'mailFrom'> },
  to: string,
  mail: AccountMail,
): Promise<MailMessage> {
  const sender = senderName(deps.config.mailFrom);
  const company = await companyOf(deps.db, to);
  const { subject, body } = textsOf(
    mail,
    `the shareholder registry${company ? ` of ${company}` : ''}`,
  );
  const signature = company ? `${sender}\n${company}` : sender;
  return {
    to,
    subject: `${company ?? sender}: ${subject}`,
    text: `${body}\n\n-- \n${signature}\n`,
  };
}
