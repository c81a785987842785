import type { Rule } from '../access-policy';
import type { ErrorCode } from './error-status';

/** What the API document knows of a route that decides the refusals every such route answers. */
export interface RouteKind {
  method: string;
  access: Rule;
  /** It declares path, query or header parameters. */
  takesParameters: boolean;
  /** It declares a request body. */
  takesBody: boolean;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The codes a route answers by its kind, before its use case runs: its input checked against the
 * contract, a body read as JSON (any write reads one when sent), the caller's credentials, the
 * x-organization-id header and the role the access policy names, and the database behind the
 * caller's session. A route's own codes come from its use cases (`errorResponses`).
 */
export function genericErrorCodes(route: RouteKind): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (route.takesParameters || route.takesBody) codes.push('HTTP.VALIDATION');
  if (WRITES.has(route.method))
    codes.push(
      'HTTP.BAD_REQUEST',
      'HTTP.PAYLOAD_TOO_LARGE',
      'HTTP.UNSUPPORTED_MEDIA_TYPE',
      // A cookie-authenticated write from another origin (auth/csrf.ts), on any path.
      'AUTH.CSRF',
    );
  if (route.access === 'anonymous') return codes;
  codes.push(
    'AUTH.UNAUTHENTICATED',
    'AUTH.INVALID_API_KEY',
    'AUTH.ORGANIZATION_MISMATCH',
    // An API key over its request rate (auth/api-key-principal.ts).
    'AUTH.RATE_LIMITED',
    'DB.UNAVAILABLE',
    // A role or scope the caller lacks; on a signed-in route, an API key alone (auth decision 089).
    'AUTH.FORBIDDEN',
  );
  return codes;
}
