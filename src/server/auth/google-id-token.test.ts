// OAU-03: forged ID tokens are refused. A small fake identity provider answers the token request
// with an ID token spoiled in one way at a time (alg none, wrong aud, wrong iss, expired, wrong
// nonce); the control case, a correct token, must sign in.
import { generateKeyPairSync, sign } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHolder, createOrganization } from '../test-support/fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

const APP = 'http://localhost:3000';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

type Mode = 'good' | 'alg-none' | 'wrong-aud' | 'wrong-iss' | 'expired' | 'wrong-nonce';
let mode: Mode = 'good';
let nonce = '';
let t: TestApp;
let server: http.Server;
let issuer = '';

function idToken(): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: mode === 'wrong-iss' ? 'https://evil.example' : issuer,
    aud: mode === 'wrong-aud' ? 'someone-else' : 'client-1',
    sub: 'forged-sub',
    email: 'holder@t.test',
    email_verified: true,
    name: 'Harper',
    nonce: mode === 'wrong-nonce' ? 'not-the-nonce' : nonce,
    iat: mode === 'expired' ? now - 600 : now - 10,
    // Past better-auth's 30 s clock tolerance.
    exp: mode === 'expired' ? now - 120 : now + 300,
  };
  if (mode === 'alg-none') return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
  const data = `${b64({ alg: 'RS256', typ: 'JWT', kid: 'k1' })}.${b64(claims)}`;
  return `${data}.${sign('sha256', Buffer.from(data), privateKey).toString('base64url')}`;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration')
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
      });
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/authorize') {
      nonce = url.searchParams.get('nonce') ?? '';
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', 'code-1');
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token')
      return json({
        access_token: 'at',
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken(),
      });
    if (url.pathname === '/userinfo')
      return json({
        sub: 'forged-sub',
        email: 'holder@t.test',
        email_verified: true,
        name: 'Harper',
      });
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://localhost:${(server.address() as { port: number }).port}`;
  t = await createTestApp({
    env: { GOOGLE_CLIENT_ID: 'client-1', GOOGLE_CLIENT_SECRET: 'secret-1', GOOGLE_ISSUER: issuer },
  });
  const { organization } = await createOrganization(t.database.db);
  await createHolder(t.database.db, organization.id, { name: 'Harper', email: 'holder@t.test' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});

/** Start → fake IdP → callback, with the state cookie; returns where the browser lands. */
async function signIn(): Promise<{ landed: string; session: boolean }> {
  const start = await t.app.inject({ method: 'GET', url: '/auth/oauth/google?redirect=true' });
  const cookie = ([] as string[])
    .concat(start.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  const atIdp = await fetch(start.headers.location as string, { redirect: 'manual' });
  const callback = new URL(atIdp.headers.get('location')!);
  expect(callback.origin).toBe(APP);
  const res = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie },
  });
  const session = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .some((c) => /^registry\.session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c));
  return { landed: String(res.headers.location), session };
}

describe('ID token checks (OAU-03)', () => {
  it.each(['alg-none', 'wrong-aud', 'wrong-iss', 'expired', 'wrong-nonce'] as const)(
    'refuses a token with %s',
    async (m) => {
      mode = m;
      const { landed, session } = await signIn();
      expect(session).toBe(false);
      expect(landed).toMatch(/outcome=error|error=/);
    },
  );

  it('accepts a correct token (the control case)', async () => {
    mode = 'good';
    const { landed, session } = await signIn();
    expect(session).toBe(true);
    expect(landed).toBe('/auth/callback');
  });
});
