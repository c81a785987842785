// No secret reaches the log (LOG-03, issue 23): a failed query's parameters are not logged, and
// tokens, password hashes, API keys and secrets are cut out of every line, whatever wrote it.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authClient } from './test-support/auth-client';
import { addLogin, createOrganizationWith } from './test-support/fixtures';
import { createTestApp, type TestApp } from './test-support/test-app';

const PW = 'correct horse battery staple';
const NEW = 'a much newer passphrase';
let t: TestApp;
let c: ReturnType<typeof authClient>;

beforeAll(async () => {
  t = await createTestApp();
  c = authClient(t);
  await createOrganizationWith(t.database.db, [{ name: 'Lena', email: 'lena@t.test' }]);
  await addLogin(t, 'lena@t.test', 'Lena', PW);
});
afterAll(() => t.close());

const logText = () => JSON.stringify(t.logs);
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

describe('the log of a failed query (issue 23)', () => {
  it('holds no parameter of the query: not the session token', async () => {
    const { cookie } = await c.login('lena@t.test', PW);
    const token = tokenOf(cookie!);
    await t.database.db.execute(sql`alter table auth_session rename column token to token_moved`);
    try {
      const res = await c.userInfo({ cookie: cookie! });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table auth_session rename column token_moved to token`);
    }
    expect(t.logs.some((l) => l.msg === 'unhandled error')).toBe(true);
    expect(logText()).not.toContain(token);
  });

  it('holds no parameter of the query, nor the row it failed on: not the password hash', async () => {
    const { cookie } = await c.login('lena@t.test', PW);
    await t.database.db.execute(
      sql`alter table auth_account add constraint no_new_hash check (password = 'never') not valid`,
    );
    try {
      const res = await c.post(
        '/auth/set-password',
        { currentPassword: PW, newPassword: NEW },
        { cookie: cookie! },
      );
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table auth_account drop constraint no_new_hash`);
    }
    expect(logText()).toContain('no_new_hash');
    expect(logText()).not.toMatch(/\$argon2/);
    expect(logText()).not.toContain(NEW);
  });
});

describe('every log line (issue 23)', () => {
  it('has tokens, password hashes, API keys and secrets cut out, whatever wrote them', () => {
    const token = randomBytes(24).toString('base64url').replace(/[-_]/g, 'x');
    const secrets = {
      bearer: `Bearer ${token}`,
      cookie: `registry.session_token=${token}.c2lnbmF0dXJl`,
      link: `/reset-password?token=${token}`,
      argon2: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNo',
      scrypt: `${'ab12'.repeat(8)}:${'cd34'.repeat(32)}`,
      apiKey: `srk_${randomBytes(32).toString('base64url')}`,
      params: `\nparams: ${token},lena@t.test`,
    };
    t.app.log.warn(
      {
        note: `sent ${secrets.bearer} to ${secrets.link}`,
        deep: { deeper: { password: PW, clientSecret: 'shh-its-a-secret', resetToken: token } },
      },
      `failed with ${secrets.cookie}, hash ${secrets.argon2}, legacy ${secrets.scrypt}, ` +
        `key ${secrets.apiKey}${secrets.params}`,
    );
    const line = JSON.stringify(t.logs.at(-1));
    expect(line).not.toContain(token);
    for (const [name, secret] of Object.entries(secrets))
      expect(line, name).not.toContain(secret.slice(-16));
    expect(line).not.toContain(PW);
    expect(line).not.toContain('shh-its-a-secret');
    // What is not a secret stays readable.
    expect(t.logs.at(-1)).toMatchObject({
      note: 'sent Bearer [Redacted] to /reset-password?token=[Redacted]',
      msg: expect.stringMatching(
        /^failed with registry\.session_token=\[Redacted\], hash \[Redacted\]/,
      ),
    });
  });
});
