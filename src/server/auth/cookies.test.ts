import { describe, expect, it } from 'vitest';
import { hasSessionCookie, readCookies } from './cookies';

describe('readCookies (the one Cookie parser)', () => {
  it.each([
    [
      'a=1; b=2',
      [
        ['a', '1'],
        ['b', '2'],
      ],
    ],
    [
      'a=1;b=2',
      [
        ['a', '1'],
        ['b', '2'],
      ],
    ],
    [
      ' a = 1 ;\tb\t=2',
      [
        ['a', '1'],
        ['b', '2'],
      ],
    ],
    ['a=1; a=2', [['a', '1']]],
    ['junk; a="x.y"; =z; b', [['a', 'x.y']]],
    ['a=x%2By=', [['a', 'x%2By=']]],
  ])('%j', (header, pairs) => {
    expect([...readCookies(header)]).toEqual(pairs);
  });

  it('finds the session cookie under its plain and __Secure- names, however spaced', () => {
    for (const header of [
      'registry.session_token=v',
      'x=1;registry.session_token =v',
      '__Secure-registry.session_token=v',
    ])
      expect(hasSessionCookie(header), header).toBe(true);
    for (const header of [undefined, '', 'registry.session_tokens=v', 'xregistry.session_token=v'])
      expect(hasSessionCookie(header), String(header)).toBe(false);
  });
});
