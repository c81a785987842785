import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authMessages } from '../../contract/auth';
import { logAuthEvent } from './auth-events';
import { toHeaders } from './http-bridge';
import { hit, rateLimited, RESET_IP_RULE } from './rate-limit';
import { authUser } from '../db/schema';
import { ownOriginUrl, type AuthFeatureDeps } from './auth-deps';

export const RESPONSE_FLOOR_MS = 400;

/**
 * POST /auth/forgot-password: always the same answer, whether or not the address exists. The
 * mail goes out in the background (better-auth's backgroundTasks), at most 5 an hour per account;
 * resetUrl counts only on the app's own origin. Past the per-IP limit: AUTH.RATE_LIMITED (429).
 */
export async function forgotPassword(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  input: { email: string; resetUrl?: string | undefined },
): Promise<{ success: true; message: string }> {
  const started = performance.now();
  const perIp = await hit(deps.db, `reset-ip|${request.ip}`, RESET_IP_RULE.window);
  if (perIp.count > RESET_IP_RULE.max) {
    logAuthEvent(request, 'auth.reset.rate_limited', { reason: 'ip' }, 'warn');
    throw rateLimited(perIp.retryAfter);
  }
  const email = input.email.trim().toLowerCase();
  const redirectTo = ownOriginUrl(deps.config, input.resetUrl, '');
  try {
    await deps.auth.api.requestPasswordReset({
      body: { email, ...(redirectTo ? { redirectTo } : {}) },
      headers: toHeaders(request),
    });
  } catch (err) {
    request.log.warn({ err, event: 'auth.reset.request_error' }, 'reset request failed');
  }
  // The user id, when the address has a login (the same lookup runs for every address).
  const [user] = await deps.db
    .select({ id: authUser.id })
    .from(authUser)
    .where(sql`lower(${authUser.email}) = ${email}`);
  logAuthEvent(request, 'auth.reset.requested', { userId: user?.id ?? null, email });
  // Known and unknown addresses take different paths (a row written, a mail queued): every
  // answer waits until the same floor so that timing does not tell them apart (RST-01).
  const wait = RESPONSE_FLOOR_MS - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { success: true, message: authMessages.forgotPasswordSent };
}
