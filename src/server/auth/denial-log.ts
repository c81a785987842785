import type { FastifyRequest } from 'fastify';
import type { Principal } from '../plugins/access-control';

const loggers = new WeakMap<Principal, (requestedId: string) => void>();

/**
 * Ties the request's principal to its request, so that an object-level denial found deep in a
 * use case (another holder's id, answered with the same 404 as a missing one) is logged with the
 * request's user, route and id (LOG-02) without every use case carrying the request.
 */
export function watchObjectDenials(request: FastifyRequest): void {
  const principal = request.principal;
  if (!principal) return;
  loggers.set(principal, (requestedId) =>
    request.log.warn(
      {
        event: 'access.object_denied',
        at: new Date().toISOString(),
        userId: principal.userId,
        role: principal.role,
        route: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
        requestedId,
        requestId: request.id,
      },
      'access denied: not this holder',
    ),
  );
}

/** One warn line for a denied object, when the principal came from a request. */
export function logObjectDenial(principal: Principal, requestedId: string): void {
  loggers.get(principal)?.(requestedId);
}
