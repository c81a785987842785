// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { RefusalNotice } from './refusal-notice';
import { guardRedirect, RouteGuard, type PageAccess } from './route-guard';

const OWN = '11111111-1111-1111-1111-111111111111';
const OTHER = '22222222-2222-2222-2222-222222222222';
const holder = { status: 'signed-in' as const, holderId: OWN, isAdmin: false };
const admin = { status: 'signed-in' as const, holderId: OWN, isAdmin: true };
const go = (
  access: PageAccess,
  path: string,
  who: Partial<Parameters<typeof guardRedirect>[0]>,
) => {
  const [pathname, search = ''] = path.split('?');
  return guardRedirect({
    access,
    pathname: pathname!,
    search: search ? `?${search}` : '',
    status: 'signed-out',
    holderId: null,
    isAdmin: false,
    ...who,
  });
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The app at `path` with these routes, each page behind its guard unless its access is null. */
const appAt = (path: string, routes: [string, PageAccess | null, ReactNode][]) => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routes.map(([route, access, page]) => (
          <Route
            key={route}
            path={route}
            element={access ? <RouteGuard access={access}>{page}</RouteGuard> : page}
          />
        ))}
      </Routes>
    </MemoryRouter>
  </QueryClientProvider>
);

describe('the guards of spec section 4', () => {
  it('send a signed-out user to /login except from the four public routes', () => {
    for (const p of ['/login', '/auth/callback', '/forgot-password', '/reset-password'])
      expect(go('public', p, {})).toBeNull();
    expect(go('shareholder', '/', {})).toBe('/login');
    for (const p of ['/view', '/profile', '/transaction', '/password', '/noaccount'])
      expect(go('shareholder', p, {})).toBe(`/login?next=${encodeURIComponent(p)}`);
  });

  it('keep the page a signed-out user asked for, query included, for after the sign-in', () => {
    expect(go('shareholder', `/view?SH_UID=${OTHER}`, {})).toBe(
      `/login?next=${encodeURIComponent(`/view?SH_UID=${OTHER}`)}`,
    );
  });

  it('send a signed-in user at /login to the page asked for, else to /', () => {
    expect(go('public', '/login', holder)).toBe('/');
    const asked = `/view?SH_UID=${OTHER}`;
    expect(go('public', `/login?next=${encodeURIComponent(asked)}`, admin)).toBe(asked);
    expect(go('public', '/login?next=%2F%2Fevil.example', admin)).toBe('/');
    expect(go('public', '/login?next=https%3A%2F%2Fevil.example%2F', admin)).toBe('/');
  });

  it('send a user with no holder record to /noaccount', () => {
    const none = { status: 'signed-in' as const, holderId: null, isAdmin: false };
    expect(go('shareholder', '/', none)).toBe('/noaccount');
    expect(go('administrator', '/transaction', none)).toBe('/noaccount');
    expect(go('signed-in', '/noaccount', none)).toBeNull();
    expect(go('signed-in', '/password', none)).toBeNull();
  });

  it("send a shareholder from Home, admin pages and other holders' pages to their statement", () => {
    const own = `/view?SH_UID=${OWN}`;
    expect(go('shareholder', '/', holder)).toBe(own);
    expect(go('administrator', '/transaction', holder)).toBe(own);
    expect(go('shareholder', `/view?SH_UID=${OTHER}`, holder)).toBe(own);
    expect(go('shareholder', `/profile?SH_UID=${OTHER}`, holder)).toBe(own);
    expect(go('shareholder', `/view?SH_UID=${OWN}`, holder)).toBeNull();
    expect(go('shareholder', `/profile?SH_UID=${OWN}`, holder)).toBeNull();
    expect(go('signed-in', '/password', holder)).toBeNull();
    expect(go('signed-in', '/noaccount', holder)).toBe('/');
  });

  it('let an administrator open everything', () => {
    expect(go('shareholder', '/', admin)).toBeNull();
    expect(go('administrator', '/transaction', admin)).toBeNull();
    expect(go('shareholder', `/view?SH_UID=${OTHER}`, admin)).toBeNull();
  });

  it('open a page by who asks: administrator, read-only holder, shareholder × its access', () => {
    const own = `/view?SH_UID=${OWN}`;
    const readOnly = { ...holder, isReadOnly: true };
    // [access, page] → where an administrator, a read-only holder and a shareholder land
    // (null: the page itself).
    const table: [PageAccess, string, string | null, string | null, string | null][] = [
      ['administrator', '/transaction', null, own, own],
      ['administrator', '/settings', null, own, own],
      ['administrator', '/shareholders/new', null, own, own],
      ['reader', '/ledger', null, null, own],
      ['reader', '/audit', null, null, own],
      ['reader', '/certificates', null, null, own],
      ['reader', '/cap-table', null, null, own],
      ['reader', '/stockholder-list', null, null, own],
      ['shareholder', '/', null, null, own],
      ['shareholder', own, null, null, null],
      ['shareholder', `/profile?SH_UID=${OWN}`, null, null, null],
      ['shareholder', `/certificates/${OTHER}`, null, null, null],
    ];
    for (const [access, path, forAdmin, forReadOnly, forHolder] of table) {
      expect(go(access, path, admin), `administrator at ${path}`).toBe(forAdmin);
      expect(go(access, path, readOnly), `read-only holder at ${path}`).toBe(forReadOnly);
      expect(go(access, path, holder), `shareholder at ${path}`).toBe(forHolder);
    }
  });

  it("let a read-only holder open another holder's statement and profile, and nothing else", () => {
    const own = `/view?SH_UID=${OWN}`;
    const readOnly = { ...holder, isReadOnly: true };
    expect(go('shareholder', `/view?SH_UID=${OTHER}`, readOnly)).toBeNull();
    expect(go('shareholder', `/profile?SH_UID=${OTHER}`, readOnly)).toBeNull();
    // isReadOnly: false is a shareholder like any other.
    expect(go('shareholder', `/view?SH_UID=${OTHER}`, { ...holder, isReadOnly: false })).toBe(own);
    expect(go('reader', '/ledger', { ...holder, isReadOnly: false })).toBe(own);
    // Still a holder record first, and signed in.
    expect(go('reader', '/ledger', { ...readOnly, holderId: null })).toBe('/noaccount');
    expect(go('reader', '/ledger', { ...readOnly, status: 'signed-out' })).toBe(
      `/login?next=${encodeURIComponent('/ledger')}`,
    );
  });
});

describe('RouteGuard when the sign-in state cannot be read', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const app = (path: string, access: PageAccess) =>
    appAt(path, [
      ['/', access, <p>the directory</p>],
      ['/login', 'public', <p>the login page</p>],
    ]);

  it('shows what failed and a Retry instead of sending the user to /login', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(json(500, { code: 'HTTP.INTERNAL', message: 'The server failed.' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(app('/', 'shareholder'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your sign-in status');
    expect(alert.textContent).toContain('The server failed.');
    expect(screen.queryByText('the login page')).toBeNull();

    fetchMock.mockImplementation(() =>
      Promise.resolve(
        json(200, {
          userId: 'u1',
          username: 'admin@acme.test',
          id: 'u1',
          email: 'admin@acme.test',
          friendlyName: 'Ada',
          SH_ID: OWN,
          isAdmin: true,
        }),
      ),
    );
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByText('the directory')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('still sends a user the server calls signed out (401) to /login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(401, { code: 'AUTH.REQUIRED', message: 'Sign in.' }))),
    );
    render(app('/', 'shareholder'));
    expect(await screen.findByText('the login page')).toBeTruthy();
  });
});

describe('RouteGuard sending a shareholder to their statement', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const signedInHolder = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(200, {
            userId: 'u2',
            username: 'holder@acme.test',
            id: 'u2',
            email: 'holder@acme.test',
            friendlyName: 'Harper',
            SH_ID: OWN,
            isAdmin: false,
          }),
        ),
      ),
    );

  const app = (path: string) =>
    appAt(path, [
      ['/', 'shareholder', <p>the directory</p>],
      ['/transaction', 'administrator', <p>the transaction form</p>],
      [
        '/view',
        null,
        <>
          <RefusalNotice />
          <p>the statement</p>
        </>,
      ],
    ]);

  it('says nothing of a refusal when they arrive at Home, as after signing in', async () => {
    signedInHolder();
    render(app('/'));
    expect(await screen.findByText('the statement')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says why when they open an administrator page', async () => {
    signedInHolder();
    render(app('/transaction'));
    expect(await screen.findByText('the statement')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'your account cannot open that page, which is for administrators',
    );
  });
});
