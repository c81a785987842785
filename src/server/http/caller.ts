import type { FastifyRequest } from 'fastify';
import type { Principal } from '../plugins/access-control';
import { AppError } from './app-error';

// How a route reads who is calling, one accessor per access level of access-policy.ts. The
// access check has let the caller through before the handler runs, so these refuse only when a
// route is mounted under a level that does not match the accessor it reads (deny, never trust).

/** A caller of one company: a person of it, or an API key of it. */
export type CompanyCaller = Principal & { organizationId: string };

/** A person signed in (`signed-in` and above): their own login, whatever company. */
export function signedInOf(request: FastifyRequest): Principal {
  const principal = request.principal;
  if (!principal) throw new AppError({ code: 'AUTH.UNAUTHENTICATED', message: 'Please sign in.' });
  return principal;
}

/** A caller that belongs to a company (`shareholder`, `administrator`, a key's scope). */
export function companyCallerOf(request: FastifyRequest): CompanyCaller {
  const principal = signedInOf(request);
  if (!principal.organizationId)
    throw new AppError({
      code: 'AUTH.FORBIDDEN',
      message: 'You do not have access to this resource.',
    });
  return principal as CompanyCaller;
}
