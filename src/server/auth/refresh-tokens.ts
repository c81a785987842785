import type { FastifyRequest } from 'fastify';
import { authMessages, type TokenPair } from '../../contract/auth';
import { logAuthEvent } from './auth-events';
import { AppError } from '../http/app-error';
import type { AuthFeatureDeps } from './auth-deps';
import { rotateRefreshToken } from './tokens';

/**
 * POST /auth/refresh: a new pair for a valid refresh token; reuse revokes the family, and a
 * disabled holder gets none (AUTH.INVALID_REFRESH_TOKEN, 401).
 */
export async function refreshTokens(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  refreshToken: string,
): Promise<TokenPair> {
  const result = await rotateRefreshToken(deps.db, refreshToken);
  if ('tokens' in result) {
    logAuthEvent(request, 'auth.token.refreshed', { userId: result.userId });
    return result.tokens;
  }
  logAuthEvent(
    request,
    result.reused ? 'auth.token.reuse_detected' : 'auth.token.refresh_refused',
    { userId: result.userId, ...(result.disabled ? { reason: 'disabled' } : {}) },
    'warn',
  );
  throw new AppError({
    code: 'AUTH.INVALID_REFRESH_TOKEN',
    message: authMessages.invalidRefreshToken,
  });
}
