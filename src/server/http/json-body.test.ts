// The spec's client sends `Content-Type: application/json` with no body on userInfo and logout:
// an empty JSON body is read as {} on every route, and then checked like any other body.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/use-test-app';
import { ledgerScenario } from '../test-support/ledger-scenario';

const t = useTestApp();
let admin: Record<string, string>;
beforeAll(async () => {
  admin = (await ledgerScenario(t)).as.admin;
});

const emptyJson = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: '',
  });

describe('a JSON content type with an empty body', () => {
  it('is read as {} by userInfo and logout, as the spec client sends them', async () => {
    const info = await emptyJson('/api/v1/userInfo', admin);
    expect(info.statusCode, info.body).toBe(200);
    const out = await emptyJson('/auth/logout', admin);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ success: true });
  });

  it('is checked as {} where a body is required: 400 naming the missing field', async () => {
    const res = await emptyJson('/auth/login');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'HTTP.VALIDATION', field: 'username' });
  });

  it('still refuses malformed JSON and a __proto__ key with 400', async () => {
    for (const payload of ['{"username":', '{"__proto__":{"isAdmin":true}}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('HTTP.BAD_REQUEST');
    }
  });
});
