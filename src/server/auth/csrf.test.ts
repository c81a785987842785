import { describe, expect, it } from 'vitest';
import { useHolderWithLogin } from '../test-support/use-holder-with-login';

const PW = 'correct horse battery staple';
const { t, c } = useHolderWithLogin({ name: 'Casey', email: 'casey@t.test' }, PW);

/** The session cookie's value of a fresh sign-in. */
const signedValue = async () => {
  const { cookie } = await c.login('casey@t.test', PW);
  return cookie!.slice(cookie!.indexOf('=') + 1);
};

describe('the CSRF check reads the Cookie header as the session reader does (one parser)', () => {
  // Spellings a browser may not send but a client (or a cookie tossed from a sibling host) can:
  // whichever way the session is read, a cross-site write carrying it is refused.
  it.each([
    ['a space before "="', (v: string) => `registry.session_token =${v}`],
    ['no space after ";"', (v: string) => `theme=dark;registry.session_token =${v}`],
    ['a tab before "="', (v: string) => `registry.session_token\t=${v}`],
    ['a leading space', (v: string) => ` registry.session_token=${v} `],
  ] as const)('refuses a cross-site write with the session cookie after %s', async (_, spell) => {
    const value = await signedValue();
    const cookie = spell(value);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    // The session reader takes it for the session, so the CSRF check does too.
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'AUTH.CSRF' });
    expect((await c.userInfo({ cookie: `registry.session_token=${value}` })).statusCode).toBe(200);
  });
});
