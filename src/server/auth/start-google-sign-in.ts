import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages } from '../../contract/auth';
import { logAuthEvent } from './auth-events';
import { copyHeaders, toHeaders } from './http-bridge';
import { AppError } from '../http/app-error';
import { isTruthy, ownOriginUrl, type AuthFeatureDeps } from './auth-deps';

export interface GoogleQuery {
  redirect?: string | undefined;
  popup?: string | undefined;
  iframe?: string | undefined;
  mobile?: string | undefined;
  origin?: string | undefined;
  redirect_uri?: string | undefined;
}

export const POPUP_PAGE = '/auth-popup.html';

/**
 * GET /auth/oauth/google: starts OpenID Connect (code + PKCE S256, state, nonce) through
 * better-auth and sends the browser to Google. The popup flow returns to /auth-popup.html, which
 * tells its opener only the outcome; the redirect flow returns to /auth/callback. No token is
 * ever put in a URL: the session is a first-party cookie set by the callback.
 */
export async function startGoogleSignIn(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  query: GoogleQuery,
): Promise<{ location: string }> {
  const popup = isTruthy(query.popup);
  if (!popup && isTruthy(query.iframe))
    throw new AppError({
      code: 'AUTH.REDIRECT_UNAVAILABLE',
      message: authMessages.redirectUnavailable,
    });
  // A return address must be on the app's own origin, compared exactly (OAU-04): anything else is
  // refused outright rather than replaced, so that nobody is sent anywhere on a forged link.
  const returnTo = query.redirect_uri
    ? ownOriginUrl(deps.config, query.redirect_uri, '')
    : `${deps.config.publicUrl}/auth/callback`;
  if (!returnTo)
    throw new AppError({
      code: 'AUTH.REDIRECT_NOT_ALLOWED',
      message: authMessages.redirectNotAllowed,
    });
  const callbackURL = popup ? `${POPUP_PAGE}?outcome=success` : new URL(returnTo).pathname;
  const errorCallbackURL = popup ? `${POPUP_PAGE}?outcome=error` : '/auth/callback?outcome=error';
  if (!deps.config.google) return { location: `${errorCallbackURL}&error=unavailable` };
  const started = await deps.auth.api.signInSocial({
    body: { provider: 'google', callbackURL, errorCallbackURL, disableRedirect: true },
    headers: toHeaders(request),
    returnHeaders: true,
  });
  copyHeaders(started.headers, reply);
  logAuthEvent(request, 'auth.google.started', { popup });
  if (!started.response.url) return { location: `${errorCallbackURL}&error=unavailable` };
  return { location: started.response.url };
}
