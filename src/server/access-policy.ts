/**
 * Who may call each route: the one table (checklist ACL-01). A route missing here is refused with
 * 403 for everyone (deny by default); a test compares this table with the router's inventory.
 *
 * - anonymous: anyone
 * - signed-in: any session, even one whose e-mail matches no shareholder (userInfo, logout, ...)
 * - shareholder: a session matched to an active holder (administrators included)
 * - administrator: a session matched to an active holder with Is_Admin
 * - read-only (not a level of its own): a session matched to an active holder with read_only; it
 *   passes `shareholder` for any holder of its company and `ledger:read`, and no other write than
 *   its own login's (`signed-in`): plugins/access-control.ts
 * - a scope (`data:read`, ...): an administrator's session, or an API key of the organization
 *   that carries that scope (machine access, spec section 6); a list of scopes: a key that
 *   carries every one of them
 * - by provider (the CRM gateway's `/api/v1/:provider/...`): any one of the grants listed for the
 *   path's provider
 */
import type { ApiKeyScope } from '../contract/constants/api-keys';
import { dataPaths, restEntities, restPaths } from '../contract/data-api';
import { gatewayPaths } from '../contract/constants/gateway';
import { ocfImportPath } from '../contract/ocf-import';
import {
  exportFormats,
  exportPath,
  exportReports,
  statementExportPath,
} from '../contract/constants/exports';
import { webRoutePaths } from '../contract/web-routes';
import { sheetImportPaths } from '../contract/sheet-import';

export { apiKeyScopes, type ApiKeyScope } from '../contract/constants/api-keys';

export type Access = 'anonymous' | 'signed-in' | 'shareholder' | 'administrator' | ApiKeyScope;
/** Every one of these scopes (an administrator's session has them all). */
export type Scopes = readonly [ApiKeyScope, ...ApiKeyScope[]];
export type Grant = Access | Scopes;
/** A path whose `:provider` decides: any one grant of the provider's list. */
export interface ByProvider {
  byProvider: { registry: readonly Grant[]; others: readonly Grant[] };
}
export type Rule = Grant | ByProvider;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Each REST entity's collection and record paths (features/data-api/data-rest-routes.ts). */
const collections = restEntities.map((entity) => restPaths(entity).collection);
const items = restEntities.map((entity) => restPaths(entity).item);

/** `method` on each of `paths`, open to `access`. */
const allow = (access: Rule, method: Method, paths: readonly string[]) =>
  Object.fromEntries(paths.map((path) => [`${method} ${path}`, access]));

/**
 * The CRM gateway: the registry's objects are the ledger, so a key needs the ledger's scope as
 * well as `gateway` (issue 23); every other provider takes administrators and `gateway` keys.
 */
const gateway = (...registry: Grant[]): ByProvider => ({
  byProvider: { registry, others: ['gateway'] },
});

export const accessPolicy: Record<string, Rule> = {
  'GET /healthz': 'anonymous',
  'GET /api/v1/mysql/health': 'anonymous',
  // The ledger (issue 4); per-holder checks (own holder vs another's → the same 404) in the use cases.
  // Administrators, and API keys with ledger:read (the organization's whole directory).
  'GET /api/v1/shareholders': 'ledger:read',
  'GET /api/v1/shareholders/:id': 'shareholder',
  'PUT /api/v1/shareholders/:id': 'shareholder',
  'POST /api/v1/shareholders': 'ledger:write',
  'POST /api/v1/shareholders/:id/deactivate': 'ledger:write',
  'POST /api/v1/shareholders/:id/reactivate': 'ledger:write',
  // Sends mail in the company's name: a person's decision, not a key's.
  'POST /api/v1/shareholders/:id/invite': 'administrator',
  // Who sees the whole registry: a person's decision, not a key's.
  'PUT /api/v1/shareholders/:id/access': 'administrator',
  'GET /api/v1/share-classes': 'ledger:read',
  'PUT /api/v1/share-classes/:id': 'administrator',
  // The cap table and the stockholder list of a date (features/cap-table, decision 121).
  'GET /api/v1/cap-table': 'ledger:read',
  'GET /api/v1/stockholder-list': 'ledger:read',
  'GET /api/v1/stockholder-list.csv': 'ledger:read',
  'GET /api/v1/shareholders/:id/statement': 'shareholder',
  'GET /api/v1/shareholders/:id/statement.pdf': 'shareholder',
  'GET /api/v1/certificates': 'shareholder',
  'GET /api/v1/certificates/:id': 'shareholder',
  'GET /api/v1/certificates/:id.pdf': 'shareholder',
  'GET /api/v1/certificate-register': 'ledger:read',
  'POST /api/v1/transactions': 'ledger:write',
  // Issue 25 (decision 122): the review step's dry run, a reversal (a person's decision, with a
  // reason), the company's settings.
  'POST /api/v1/transactions/preview': 'ledger:write',
  'POST /api/v1/operations/:id/reverse': 'administrator',
  'GET /api/v1/company/settings': 'ledger:read',
  'PUT /api/v1/company/settings': 'administrator',
  'GET /api/v1/audit': 'ledger:read',
  'GET /api/v1/audit/chain': 'ledger:read',
  'GET /api/v1/ledger': 'ledger:read',
  // The registry as an Open Cap Format package (features/ocf-export, decision 126): a read of
  // everything, so administrators, read-only members and keys with ledger:read; audited.
  'GET /api/v1/ocf/export': 'ledger:read',
  // Exports (issue 26, decision 125): reads, so administrators, read-only holders and ledger:read
  // keys; the statement's holder is checked in the use case (another company's: 404).
  ...allow(
    'ledger:read',
    'GET',
    exportFormats.flatMap((format) => [
      ...exportReports.map((report) => exportPath(report, format)),
      statementExportPath(format),
    ]),
  ),
  // The generic data layer (features/data-api); the use cases limit every statement to the
  // caller's organization.
  ...allow('data:read', 'POST', [dataPaths.query]),
  ...allow('data:read', 'GET', [dataPaths.schema, dataPaths.dashboard, ...collections, ...items]),
  ...allow('data:write', 'POST', [
    dataPaths.create,
    dataPaths.bulk,
    ...collections,
    dataPaths.action,
  ]),
  ...allow('data:write', 'PUT', [dataPaths.update, ...items]),
  ...allow('data:write', 'DELETE', [dataPaths.remove, ...items]),
  // The CRM gateway (features/gateway), one path per operation. A shareholder may query the
  // registry: their own records only (registry/registry-query.ts), the spec's shareholder load.
  // A nextRecordsUrl (GET or POST) is open to whoever may run its operation; the cursor itself
  // must be the caller's own (gateway-cursor.ts).
  ...allow(gateway('shareholder', ['gateway', 'ledger:read']), 'POST', [
    gatewayPaths.query,
    gatewayPaths.queryMore,
  ]),
  [`GET ${gatewayPaths.queryMore}`]: gateway('shareholder', ['gateway', 'ledger:read']),
  ...allow(gateway(['gateway', 'ledger:read']), 'POST', [
    gatewayPaths.search,
    gatewayPaths.searchMore,
  ]),
  [`GET ${gatewayPaths.searchMore}`]: gateway(['gateway', 'ledger:read']),
  ...allow(gateway(['gateway', 'ledger:write']), 'POST', [
    gatewayPaths.insert,
    gatewayPaths.update,
    gatewayPaths.delete,
  ]),
  [`POST ${gatewayPaths.customRest}`]: 'gateway',
  // Import from Salesforce: administrators with a session, who see the report and decide.
  [`POST ${gatewayPaths.importSalesforce}`]: 'administrator',
  [`GET ${gatewayPaths.importSalesforce}`]: 'administrator',
  // Import of an OCF package (features/ocf-import): administrators with a session, never a key.
  [`POST ${ocfImportPath}`]: 'administrator',
  // Spreadsheet import (features/sheet-import, issue 26): administrators with a session.
  [`POST ${sheetImportPaths.imports}`]: 'administrator',
  [`GET ${sheetImportPaths.template}`]: 'administrator',
  // API keys (features/api-keys): administrators with a session only, never a key.
  'POST /api/v1/api-keys': 'administrator',
  'GET /api/v1/api-keys': 'administrator',
  'DELETE /api/v1/api-keys/:id': 'administrator',
  // Sign-in (src/server/auth). better-auth's mounted endpoints check the session themselves.
  'POST /auth/login': 'anonymous',
  'POST /auth/refresh': 'anonymous',
  'POST /auth/logout': 'anonymous',
  'POST /auth/forgot-password': 'anonymous',
  'POST /auth/validate-reset-token': 'anonymous',
  'POST /auth/reset-password': 'anonymous',
  'POST /auth/set-password': 'signed-in',
  'GET /auth/account': 'signed-in',
  'GET /auth/oauth/google': 'anonymous',
  'GET /auth/providers': 'anonymous',
  'POST /auth/admin/end-user-sessions': 'administrator',
  'POST /auth/admin/end-all-sessions': 'administrator',
  'POST /api/v1/userInfo': 'signed-in',
  'GET /api/auth/callback/:providerId': 'anonymous',
  'GET /api/auth/list-sessions': 'signed-in',
  'POST /api/auth/revoke-session': 'signed-in',
  'POST /api/auth/revoke-sessions': 'signed-in',
  'POST /api/auth/revoke-other-sessions': 'signed-in',
  // Static files of the built web app; anything not found there becomes a 404 or a page.
  'GET /*': 'anonymous',
  // The web app's pages are public HTML; the data behind them is guarded by the API routes.
  ...allow('anonymous', 'GET', webRoutePaths),
};

/** Routes that exist only to serve files or the OpenAPI browser are public by nature. */
export const publicPrefixes = ['/docs'];
