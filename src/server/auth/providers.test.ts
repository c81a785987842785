import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp | undefined;
afterEach(() => t?.close());

const providers = async (env: Record<string, string>) => {
  t = await createTestApp({ env });
  const res = await t.app.inject({ method: 'GET', url: '/auth/providers' });
  expect(res.statusCode).toBe(200);
  return res.json<{ google: boolean }>();
};

describe('GET /auth/providers', () => {
  it('offers Google only when it is configured', async () => {
    expect(await providers({})).toEqual({ google: false });
  });

  it('offers Google with a client id and secret', async () => {
    expect(
      await providers({ GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' }),
    ).toEqual({ google: true });
  });
});
