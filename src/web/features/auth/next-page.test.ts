import { describe, expect, it } from 'vitest';
import { loginFor, nextFromSearch, nextPage } from './next-page';

const SH = '11111111-1111-4111-8111-111111111111';

describe('the page a sign-in leads to', () => {
  it('is the page asked for: a page of this app, with its query', () => {
    expect(nextPage(`/view?SH_UID=${SH}`)).toBe(`/view?SH_UID=${SH}`);
    expect(nextPage('/transaction')).toBe('/transaction');
    expect(nextPage('/profile?SH_UID=x#notes')).toBe('/profile?SH_UID=x#notes');
    expect(nextPage(`/certificates/${SH}`)).toBe(`/certificates/${SH}`);
  });

  it.each([
    '//evil.example/view',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/view',
    'http:/view',
    'javascript:alert(1)',
    'view',
    '',
    '/api/v1/shareholders',
    '/docs',
    '/no-such-page',
    '/certificates/a/b',
    '/login',
    '/reset-password?token=x',
    '/auth/callback',
  ])('is never another site, an API path or a sign-in page: %j', (asked) => {
    expect(nextPage(asked)).toBeNull();
  });

  it('travels in the address of the sign-in page, and Home needs none', () => {
    const login = loginFor(`/view?SH_UID=${SH}`);
    expect(login).toBe(`/login?next=${encodeURIComponent(`/view?SH_UID=${SH}`)}`);
    expect(nextFromSearch(login.slice('/login'.length))).toBe(`/view?SH_UID=${SH}`);
    expect(loginFor('/')).toBe('/login');
    expect(loginFor('//evil.example')).toBe('/login');
    expect(nextFromSearch('?next=%2F%2Fevil.example')).toBeNull();
    expect(nextFromSearch('')).toBeNull();
  });
});
