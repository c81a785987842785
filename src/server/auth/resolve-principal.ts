import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { authSession, authUser, shareholder } from '../db/schema';
import type { Principal, PrincipalResolver } from '../plugins/access-control';

export const SESSION_COOKIE = 'registry.session_token';

/**
 * INTERIM resolver (until better-auth is wired in): finds the session by the token in the session
 * cookie or the bearer header, then matches the user's e-mail to an active holder. It does not
 * verify a cookie signature; the better-auth integration replaces it.
 */
export function createPrincipalResolver(db: Db): PrincipalResolver {
  return async (request: FastifyRequest): Promise<Principal | null> => {
    const fromBearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const fromCookie = readCookie(request.headers.cookie, SESSION_COOKIE)?.split('.')[0];
    const token = fromBearer ?? fromCookie;
    if (!token) return null;
    const [row] = await db
      .select({
        sessionId: authSession.id,
        userId: authUser.id,
        email: authUser.email,
        name: authUser.name,
      })
      .from(authSession)
      .innerJoin(authUser, eq(authUser.id, authSession.userId))
      .where(and(eq(authSession.token, token), gt(authSession.expiresAt, sql`now()`)))
      .limit(1);
    if (!row) return null;
    const [holder] = await db
      .select({
        id: shareholder.id,
        organizationId: shareholder.organizationId,
        isAdmin: shareholder.isAdmin,
      })
      .from(shareholder)
      .where(
        and(sql`lower(${shareholder.email}) = lower(${row.email})`, eq(shareholder.active, true)),
      )
      .limit(1);
    return {
      userId: row.userId,
      email: row.email,
      name: row.name,
      sessionId: row.sessionId,
      holderId: holder?.id ?? null,
      organizationId: holder?.organizationId ?? null,
      role: holder ? (holder.isAdmin ? 'administrator' : 'shareholder') : null,
      via: fromBearer ? 'bearer' : 'cookie',
    };
  };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}
