/**
 * Who may call each route: the one table (checklist ACL-01). A route missing here is refused with
 * 403 for everyone (deny by default); a test compares this table with the router's inventory.
 *
 * - anonymous: anyone
 * - signed-in: any session, even one whose e-mail matches no shareholder (userInfo, logout, ...)
 * - shareholder: a session matched to an active holder (administrators included)
 * - administrator: a session matched to an active holder with Is_Admin
 */
import { webRoutePaths } from '../contract/web-routes';

export type Access = 'anonymous' | 'signed-in' | 'shareholder' | 'administrator';

export const accessPolicy: Record<string, Access> = {
  'GET /healthz': 'anonymous',
  'GET /api/v1/mysql/health': 'anonymous',
  // Static files of the built web app; anything not found there becomes a 404 or a page.
  'GET /*': 'anonymous',
  // The web app's pages are public HTML; the data behind them is guarded by the API routes.
  ...Object.fromEntries(webRoutePaths.map((p) => [`GET ${p}`, 'anonymous' as const])),
};

/** Routes that exist only to serve files or the OpenAPI browser are public by nature. */
export const publicPrefixes = ['/docs'];
