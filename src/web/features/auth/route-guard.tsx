import type { ReactNode } from 'react';

export type PageAccess = 'public' | 'signed-in' | 'shareholder' | 'administrator';

/**
 * Decides whether the current user may see a page (spec sections 4 and 6) and redirects
 * otherwise. Placeholder until sign-in exists: renders the page.
 */
export function RouteGuard({ children }: { access: PageAccess; children: ReactNode }) {
  return <>{children}</>;
}
