import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { publicWebRoutes, webRoutes } from '../../../contract/web-routes';
import { ErrorPanel } from '../../components/error-panel';
import { LoadingMessage } from '../../components/loading-message';
import { loginFor, nextFromSearch } from './next-page';
import { useSession } from './api/use-session';
import { statementPath } from '../../lib/paths';

/** 'reader': administrators and read-only holders (board members, auditors, counsel). */
export type PageAccess = 'public' | 'signed-in' | 'shareholder' | 'reader' | 'administrator';

/** Where a guard sends the user instead of the page, or null to show the page. */
export function guardRedirect(opts: {
  access: PageAccess;
  pathname: string;
  search: string;
  status: 'signed-in' | 'signed-out';
  holderId: string | null;
  isAdmin: boolean;
  isReadOnly?: boolean;
}): string | null {
  const { access, pathname, status, holderId, isAdmin } = opts;
  if (status === 'signed-out')
    return publicWebRoutes.includes(pathname) ? null : loginFor(`${pathname}${opts.search}`);
  if (pathname === webRoutes.login) return nextFromSearch(opts.search) ?? webRoutes.home;
  if (pathname === webRoutes.noAccount) return holderId ? webRoutes.home : null;
  if (access === 'public' || access === 'signed-in') return null;
  if (!holderId) return webRoutes.noAccount;
  if (isAdmin) return null;
  const own = statementPath(holderId);
  // A read-only holder sees what administrators see (any holder's pages), and changes nothing.
  if (opts.isReadOnly) return access === 'administrator' ? own : null;
  if (access === 'administrator' || access === 'reader' || pathname === webRoutes.home) return own;
  const asked = new URLSearchParams(opts.search).get('SH_UID');
  if (
    (pathname === webRoutes.view || pathname === webRoutes.profile) &&
    asked &&
    asked !== holderId
  )
    return own;
  return null;
}

/**
 * Decides whether the current user may see a page (spec sections 4 and 6) and redirects
 * otherwise: only "Loading..." while the login state loads; signed in at /login → the page asked
 * for (`?next=`, next-page.ts) or /; signed out anywhere but the four public routes → /login,
 * keeping the page asked for; no holder → /noaccount; a read-only holder anywhere but an
 * administrator's page → the page; a shareholder at Home
 * → their statement; a shareholder at an administrator page or another holder's page → refused
 * and sent to their own statement. The server enforces the same rules on every API call.
 * When the sign-in state cannot be read (not a 401), a page that needs it says so with a Retry
 * rather than pretending the user is signed out; the public pages work without it.
 */
export function RouteGuard({ access, children }: { access: PageAccess; children: ReactNode }) {
  const { status, user, error, retry } = useSession();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <LoadingMessage />;
  if (status === 'error') {
    if (access === 'public') return <>{children}</>;
    return <ErrorPanel what="your sign-in status" error={error} onRetry={retry} />;
  }
  const to = guardRedirect({
    access,
    pathname,
    search,
    status,
    holderId: user?.SH_ID ?? null,
    isAdmin: user?.isAdmin ?? false,
    isReadOnly: user?.isReadOnly ?? false,
  });
  if (to) {
    // Only a page the user may not open is refused; Home (where signing in lands, and a holder's
    // Home is their statement), /login and /noaccount just lead on.
    const leadsOn: string[] = [webRoutes.home, webRoutes.login, webRoutes.noAccount];
    const refused = status === 'signed-in' && !leadsOn.includes(pathname);
    const state = refused ? { refusedFrom: `${pathname}${search}` } : null;
    return <Navigate to={to} replace state={state} />;
  }
  return <>{children}</>;
}
