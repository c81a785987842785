// The session reader against better-auth's public API: whatever better-auth's own getSession takes
// for a session (its cookie, a bearer token), the reader takes for the same one, and what it
// refuses, the reader refuses. The cookie's format is better-auth's and undocumented: an upgrade
// that changes it fails here, not in production (decision 095).
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer';
import { testConfig } from '../test-support/test-app';
import { useHolderWithLogin } from '../test-support/use-holder-with-login';
import { createAuth, sessionCookieOf } from './auth';
import { createSessionReader } from './read-session';

const PW = 'correct horse battery staple';
const EMAIL = 'contract@t.test';
const { t } = useHolderWithLogin({ name: 'Cora', email: EMAIL }, PW);

const auth = () => t.app.authRuntime.auth;
const reader = () => createSessionReader(sessionCookieOf(t.config), t.database.db);
const asRequest = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

/** Signs in through better-auth's API; the `name=value` of the session cookie it sets. */
async function signIn(a = auth()): Promise<{ name: string; value: string }> {
  const { headers } = await a.api.signInEmail({
    body: { email: EMAIL, password: PW },
    returnHeaders: true,
  });
  const set = headers.getSetCookie().find((c) => c.includes('session_token='))!;
  const pair = set.split(';')[0]!;
  const eq = pair.indexOf('=');
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
}

/** What the reader and better-auth's getSession each make of the same request headers. */
async function both(headers: Record<string, string>) {
  const r = reader();
  const presented = r.presented(asRequest(headers));
  const ours = presented && (await r.read(presented));
  const theirs = await auth().api.getSession({
    headers: new Headers(headers),
    query: { disableCookieCache: true, disableRefresh: true },
  });
  return { ours, theirs };
}

describe("the session reader agrees with better-auth's getSession", () => {
  it('names the cookie as better-auth sets it, over HTTP and over HTTPS', async () => {
    expect((await signIn()).name).toBe(sessionCookieOf(t.config).name);
    const https = testConfig({ PUBLIC_URL: 'https://registry.example' });
    const secure = createAuth({
      config: https,
      db: t.database.db,
      mailer: createMailer(https, t.app.log),
      log: t.app.log,
    });
    expect((await signIn(secure)).name).toBe(sessionCookieOf(https).name);
  });

  it('reads the session of the cookie better-auth sets, and of its bearer token', async () => {
    const { name, value } = await signIn();
    const byCookie = await both({ cookie: `${name}=${value}` });
    expect(byCookie.theirs).not.toBeNull();
    expect(byCookie.ours).toMatchObject({
      sessionId: byCookie.theirs!.session.id,
      userId: byCookie.theirs!.user.id,
      email: EMAIL,
      expiresAt: new Date(byCookie.theirs!.session.expiresAt),
    });
    const token = byCookie.theirs!.session.token;
    const byBearer = await both({ authorization: `Bearer ${token}` });
    expect(byBearer.theirs!.session.id).toBe(byCookie.theirs!.session.id);
    expect(byBearer.ours!.sessionId).toBe(byCookie.theirs!.session.id);
  });

  it('refuses what better-auth refuses: a forged signature, another name, a revoked session', async () => {
    const { name, value } = await signIn();
    const token = decodeURIComponent(value).split('.')[0]!;
    for (const headers of [
      { cookie: `${name}=${token}.${'A'.repeat(43)}=` },
      { cookie: `${name}=${token}` },
      { cookie: `other.session_token=${value}` },
    ]) {
      const { ours, theirs } = await both(headers);
      expect(theirs).toBeNull();
      expect(ours).toBeNull();
    }
    await auth().api.revokeSession({
      body: { token },
      headers: new Headers({ cookie: `${name}=${value}` }),
    });
    const revoked = await both({ cookie: `${name}=${value}` });
    expect(revoked.theirs).toBeNull();
    expect(revoked.ours).toBeNull();
  });
});
