import { describe, expect, it } from 'vitest';
import { findLeaks } from './find-leaks';

describe('findLeaks (the leak checks of the browser and the Vitest runs)', () => {
  it('finds what it looks for, and nothing redacted', () => {
    const secrets = ['demo-admin-2026', 'a password with spaces', 'AbCdEfGh12345678IjKlMnOp'];
    expect(findLeaks('{"msg":"login","password":"[Redacted]"}', secrets)).toEqual([]);
    expect(findLeaks('{"body":{"password":"demo-admin-2026"}}', secrets)).toHaveLength(1);
    expect(findLeaks('{"note":"a password with spaces"}', secrets)).toHaveLength(1);
    expect(findLeaks('"params":["AbCdEfGh12345678IjKlMnOp"]', secrets)).toHaveLength(1);
    expect(findLeaks('"id":"xAbCdEfGh12345678IjKlMnOp"', secrets)).toEqual([]);
    expect(findLeaks('GET /reset-password?token=abcdefghijklmnopqrstuvwxyz', [])).toHaveLength(2);
    expect(findLeaks('cookie: registry.session_token=AbCdEfGh12345678.sig', [])).toHaveLength(1);
    expect(findLeaks('"authorization":"Bearer abcdefghijklmnop1234"', [])).toHaveLength(1);
    expect(findLeaks('hash $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', [])).toHaveLength(1);
    expect(findLeaks(`${'ab12'.repeat(8)}:${'cd34'.repeat(32)}`, [])).toHaveLength(1);
    expect(findLeaks(`key srk_${'k'.repeat(43)}`, [])).toHaveLength(1);
    expect(findLeaks('"msg":"Failed query: select 1\\nparams: x"', [])).toHaveLength(1);
    expect(
      findLeaks(
        '"authorization":"[Redacted]","url":"/reset-password?token=[Redacted]","k":"srk_[Redacted]"',
        [],
      ),
    ).toEqual([]);
  });
});
