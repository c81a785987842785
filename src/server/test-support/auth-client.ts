import type { TokenPair } from '../../contract/auth';
import { recordSecrets } from './suite-server-log';
import type { TestApp } from './test-app';
import { sessionCookieOf } from './fixtures';

/** Helpers shared by the sign-in API tests. */
export function authClient(t: TestApp) {
  const origin = t.config.publicUrl;
  let ip = 0;
  /** A fresh client IP per call keeps the per-IP limiters out of tests that are not about them. */
  const nextIp = () => `10.1.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const post = (
    url: string,
    payload: unknown,
    headers: Record<string, string> = {},
    remoteAddress = nextIp(),
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { origin, ...headers },
      remoteAddress,
    });
  return {
    origin,
    nextIp,
    post,
    login: async (username: string, password: string, remoteAddress?: string) => {
      const res = await post('/auth/login', { username, password }, {}, remoteAddress);
      const pair = res.statusCode === 200 ? res.json<Partial<TokenPair>>() : {};
      recordSecrets(password, pair.accessToken, pair.refreshToken);
      return { res, cookie: sessionCookieOf(res.headers['set-cookie']) };
    },
    userInfo: (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/userInfo', headers: { origin, ...headers } }),
    mailsTo: <M extends { to: string[] }>(mails: M[], email: string): M[] =>
      mails.filter((m) => m.to.includes(email)),
  };
}

/** The reset link's token in a caught mail. */
export function tokenFromMail(text: string): string {
  const m = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error('no reset link in the mail');
  return m[1]!;
}
