import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authSession, authUser } from '../db/schema';
import { TEST_SESSION_SECRET } from '../test-support/test-app';
import { useHolderWithLogin } from '../test-support/use-holder-with-login';
import { SESSION_COOKIE } from './resolve-principal';

const PW = 'correct horse battery staple';
const { t, c } = useHolderWithLogin({ name: 'Rae', email: 'rae@t.test' }, PW);
let token: string;

const sign = (value: string, secret = TEST_SESSION_SECRET) =>
  createHmac('sha256', secret).update(value).digest('base64');
const cookie = (value: string) => ({ cookie: `${SESSION_COOKIE}=${encodeURIComponent(value)}` });
const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

beforeAll(async () => {
  await c.login('rae@t.test', PW);
  const [user] = await t.database.db
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(authUser.email, 'rae@t.test'));
  const [session] = await t.database.db
    .select({ token: authSession.token })
    .from(authSession)
    .where(eq(authSession.userId, user!.id));
  token = session!.token;
});

describe('reading the session a request presents', () => {
  it('accepts the signed cookie, a raw bearer token and a signed one', async () => {
    for (const headers of [
      cookie(`${token}.${sign(token)}`),
      bearer(token),
      bearer(encodeURIComponent(`${token}.${sign(token)}`)),
    ]) {
      const res = await c.userInfo(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ email: string }>().email).toBe('rae@t.test');
    }
  });

  // Built when the test runs: the token exists only after beforeAll.
  const forgeries: Array<[string, () => Record<string, string>]> = [
    ['an unsigned cookie', () => cookie(token)],
    ['a cookie signed with another secret', () => cookie(`${token}.${sign(token, 'another')}`)],
    ['a cookie whose signature is cut short', () => cookie(`${token}.${sign(token).slice(0, 20)}`)],
    ['a cookie for another token with this signature', () => cookie(`${token}x.${sign(token)}`)],
    ['a signed bearer token with a wrong signature', () => bearer(`${token}.${sign('other')}`)],
    ['an unknown raw bearer token', () => bearer('a'.repeat(32))],
    ['a cookie of another name', () => ({ cookie: `other.session_token=${token}.${sign(token)}` })],
  ];
  it.each(forgeries)('refuses %s', async (_what, headers) => {
    expect((await c.userInfo(headers())).statusCode).toBe(401);
  });

  it('refuses an expired session and removes it, as better-auth does', async () => {
    await c.login('rae@t.test', PW);
    const [newest] = await t.database.db
      .select()
      .from(authSession)
      .orderBy(authSession.createdAt)
      .limit(1)
      .offset(1);
    await t.database.db
      .update(authSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSession.id, newest!.id));
    expect((await c.userInfo(bearer(newest!.token))).statusCode).toBe(401);
    const left = await t.database.db
      .select()
      .from(authSession)
      .where(eq(authSession.id, newest!.id));
    expect(left).toEqual([]);
  });
});
