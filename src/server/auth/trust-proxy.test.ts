// Behind a reverse proxy every request comes from the proxy's address: with TRUST_PROXY the
// per-IP sign-in limit counts the client named in X-Forwarded-For, without it the socket's.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp | undefined;
afterEach(() => t?.close());

const wrongGuess = (app: TestApp['app'], client: string, i: number) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { 'x-forwarded-for': client },
    payload: { username: `nobody${i}@example.com`, password: 'wrong-password' },
  });

/** Three wrong guesses from client A fill A's window (LOGIN_IP_RULE); then one from client B. */
async function statusOfB(env: Record<string, string>) {
  t = await createTestApp({ env });
  for (let i = 0; i < 4; i++) await wrongGuess(t.app, '203.0.113.7', i);
  return (await wrongGuess(t.app, '198.51.100.9', 9)).statusCode;
}

describe('TRUST_PROXY', () => {
  it('limits each client on its own address behind a trusted proxy', async () => {
    // The test's requests come from 127.0.0.1, the proxy here.
    expect(await statusOfB({ TRUST_PROXY: 'loopback' })).toBe(401);
  });

  it('ignores X-Forwarded-For by default: every client shares the proxy address', async () => {
    expect(await statusOfB({})).toBe(429);
  });
});
