import type { FastifyReply, FastifyRequest } from 'fastify';
import { logAuthEvent } from './auth-events';
import { copyHeaders, toHeaders } from './http-bridge';
import type { AuthFeatureDeps } from './auth-deps';
import { endSessionAndItsTokens, revokeFamilyOfSession } from './tokens';

/**
 * POST /auth/logout (cookie or bearer): ends the session on the server, and with a bearer token
 * its whole refresh family and the browser session of the same sign-in; a browser's logout also
 * ends the tokens its sign-in issued (SES-04). Succeeds even when the session is already gone.
 */
export async function logout(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const { auth, db } = deps;
  const headers = toHeaders(request);
  const found = await auth.api
    .getSession({ headers, query: { disableRefresh: true } })
    .catch(() => null);
  if (found) {
    // A bearer token's sign-in also opened a browser session: logging out ends both (issue 23).
    const login = await revokeFamilyOfSession(db, found.session.id);
    await endSessionAndItsTokens(db, found.session.id);
    if (login) await endSessionAndItsTokens(db, login);
    logAuthEvent(request, 'auth.logout', { userId: found.user.id });
  }
  try {
    const out = await auth.api.signOut({ headers, returnHeaders: true });
    copyHeaders(out.headers, reply);
  } catch {
    // Already signed out: the cookie is still cleared below by Clear-Site-Data.
  }
  void reply.header('Clear-Site-Data', '"cache", "cookies", "storage"');
}
