import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import {
  accessPolicy,
  publicPrefixes,
  type Access,
  type ApiKeyScope,
  type Grant,
  type Rule,
} from '../access-policy';
import { authMessages } from '../../contract/auth';
import { organizationHeader } from '../../contract/constants/api-keys';
import { userInfoPath } from '../../contract/user-info';

/** A read-only holder (a board member, auditor or counsel) sees what administrators see. */
export type Role = 'shareholder' | 'administrator' | 'read-only';

/** The scopes a read-only session has: reading the registry, never the generic data layer. */
const READ_ONLY_SCOPES: readonly ApiKeyScope[] = ['ledger:read'];

/** Whether the caller sees the whole company's registry (every holder, statement, certificate). */
export const seesWholeCompany = (p: Principal): boolean =>
  p.role === 'administrator' || p.role === 'read-only';

/** Who is calling, resolved once per request from the session cookie or bearer token. */
export interface Principal {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  /** The matched active holder, or null when the e-mail matches none (→ /noaccount). */
  holderId: string | null;
  organizationId: string | null;
  /** The organization's time zone: its "today" decides default and future dates. */
  timeZone: string;
  role: Role | null;
  via: 'cookie' | 'bearer' | 'api-key';
  /**
   * Set when the request carries an API key (X-API-Key): alone (`via: 'api-key'`) or with a
   * session of its organization, which it then limits to its scopes.
   */
  apiKey?: { id: string; name: string; scopes: readonly ApiKeyScope[] };
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    resolvePrincipal: PrincipalResolver;
    /** Every route as "METHOD /url", for the test that compares it with the access policy. */
    routeInventory: string[];
  }
}

export type PrincipalResolver = (request: FastifyRequest) => Promise<Principal | null>;

/** Whether one caller, a session alone or a key alone, may use a route of this access. */
const allowsAccess = (access: Access, p: Principal | null): boolean => {
  switch (access) {
    case 'anonymous':
      return true;
    case 'signed-in':
      return p !== null && p.via !== 'api-key';
    case 'shareholder':
      return p?.role === 'shareholder' || (p !== null && seesWholeCompany(p));
    case 'administrator':
      return p?.role === 'administrator';
    default:
      return (
        p?.role === 'administrator' ||
        (p?.role === 'read-only' && READ_ONLY_SCOPES.includes(access)) ||
        (p?.apiKey?.scopes.includes(access) ?? false)
      );
  }
};

/** The refusal of a caller who is signed in (or a key) but may not use the route. */
const forbidden = (p: Principal) =>
  p.role === 'read-only' && !p.apiKey
    ? new AppError({
        code: 'AUTH.FORBIDDEN',
        message: 'Your access is read-only: you can see the registry but not change it.',
      })
    : p.apiKey
      ? new AppError({
          code: 'AUTH.FORBIDDEN',
          message:
            p.via === 'api-key'
              ? 'An API key cannot be used here: this route is for signed-in people, or for keys with another scope.'
              : 'Not with this API key: the request may do only what both your session and the key allow.',
        })
      : new AppError({
          code: 'AUTH.FORBIDDEN',
          message: 'You do not have access to this resource.',
        });

/** A list of scopes: every one of them (an administrator's session, or a key that carries all). */
const allowsGrant = (grant: Grant, p: Principal | null): boolean =>
  typeof grant === 'string'
    ? allowsAccess(grant, p)
    : grant.every((scope) => allowsAccess(scope, p));

const allowsAny = (grants: readonly Grant[], p: Principal | null): boolean =>
  grants.some((grant) => allowsGrant(grant, p));

/**
 * Whether the caller may use a route with these grants. A session sent with a key of its company
 * may do only what both allow: what the session alone may, and what the key alone may (a
 * shareholder's registry query with a `gateway` + `ledger:read` key, say, still answers only their
 * own records). The caller's own login (`signed-in`: who am I, sign out, my sessions, my password)
 * is the session's: a key neither reaches it alone nor narrows it.
 */
function allows(grants: readonly Grant[], p: Principal | null, method: string): boolean {
  // Read-only changes nothing: of the writes, only the caller's own login (password, sessions).
  if (p?.role === 'read-only' && method !== 'GET' && !grants.includes('signed-in')) return false;
  if (p === null || p.via === 'api-key' || !p.apiKey) return allowsAny(grants, p);
  const { apiKey, ...session } = p;
  const keyAlone: Principal = { ...session, role: null, holderId: null, via: 'api-key', apiKey };
  return (
    allowsAny(grants, session) && (grants.includes('signed-in') || allowsAny(grants, keyAlone))
  );
}

/** The grants a rule gives this request: a by-provider rule reads the path's provider. */
function grantsOf(rule: Rule, request: FastifyRequest): readonly Grant[] {
  if (typeof rule === 'string' || !('byProvider' in rule)) return [rule];
  const { provider } = (request.params ?? {}) as { provider?: string };
  return provider === 'registry' ? rule.byProvider.registry : rule.byProvider.others;
}

/** Where the spec words the refusal of an anonymous caller itself (sections 5 and 8). */
const unauthenticatedMessages: Record<string, string> = {
  [`POST ${userInfoPath}`]: authMessages.noAccessToken,
};

/** `x-organization-id`, when sent, must name the caller's own organization (spec section 6). */
function checkOrganizationHeader(request: FastifyRequest): void {
  const wanted = request.headers[organizationHeader];
  if (wanted === undefined || request.principal === null) return;
  if (wanted === request.principal.organizationId) return;
  throw new AppError({
    code: 'AUTH.ORGANIZATION_MISMATCH',
    message: 'The x-organization-id header names another organization than your credentials.',
    field: organizationHeader,
  });
}

export function accessFor(method: string, url: string | undefined): Rule | undefined {
  if (url === undefined) return undefined;
  return accessPolicy[`${method} ${url}`];
}

/**
 * Resolves the principal, then checks the route's declared access before anything else runs
 * (so an anonymous caller gets 401, not a validation error). Unknown URLs fall through to the
 * not-found handler, which decides between the web app and a JSON 404.
 */
export function registerAccessControl(
  app: FastifyInstance,
  resolvePrincipal: PrincipalResolver,
): void {
  app.decorateRequest('principal', null);
  app.decorate('resolvePrincipal', resolvePrincipal);
  app.decorate('routeInventory', [] as string[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) if (m !== 'HEAD') app.routeInventory.push(`${m} ${route.url}`);
  });
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined || request.is404) return;
    if (publicPrefixes.some((p) => url.startsWith(p))) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const access = accessFor(method, url);
    if (access === undefined) {
      request.log.warn(
        { route: `${request.method} ${url}` },
        'access denied: route not in the access policy',
      );
      throw new AppError({
        code: 'AUTH.FORBIDDEN',
        message: 'You do not have access to this resource.',
      });
    }
    // Anonymous routes resolve the caller themselves if they care (app.resolvePrincipal).
    if (access === 'anonymous') return;
    request.principal = await resolvePrincipal(request);
    checkOrganizationHeader(request);
    if (allows(grantsOf(access, request), request.principal, method)) return;
    request.log.warn(
      {
        route: `${request.method} ${url}`,
        userId: request.principal?.userId ?? null,
        role: request.principal?.role ?? null,
        apiKeyId: request.principal?.apiKey?.id ?? null,
      },
      'access denied',
    );
    if (request.principal === null)
      throw new AppError({
        code: 'AUTH.UNAUTHENTICATED',
        message: unauthenticatedMessages[`${method} ${url}`] ?? 'Please sign in.',
      });
    throw forbidden(request.principal);
  });
}
