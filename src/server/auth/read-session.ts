import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { authSession } from '../db/schema';
import { rows } from '../db/sql';
import type { SessionCookie } from './auth';
import { readCookies } from './cookies';
import {
  holderMatchSql,
  toHolderMatch,
  type HolderMatch,
  type HolderMatchRow,
} from './holder-match';

/** A live session as the request presents it, with the holder its user's e-mail matches. */
export interface SessionRead {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  kind: string | null;
  createdAt: Date;
  expiresAt: Date;
  via: 'cookie' | 'bearer';
  holder: HolderMatch;
}

interface SessionRow extends HolderMatchRow {
  session_id: string;
  user_id: string;
  email: string;
  user_name: string;
  kind: string | null;
  created_ms: number;
  expires_ms: number;
}

const BEARER = /^Bearer\s+(\S+)$/i;
/** How many verified signed values a server remembers (about 100 bytes each). */
const VERIFIED_MAX = 10_000;

/** HMAC-SHA256 of the token, compared in constant time with a base64 or base64url signature. */
function signatureMatches(token: string, signature: string, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(token).digest();
  let given: Buffer;
  try {
    given = Buffer.from(signature.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** "token.signature" (as better-auth signs cookies) → the token, or null when the signature is wrong. */
function verifiedToken(signed: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(signed);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  return signatureMatches(token, value.slice(dot + 1), secret) ? token : null;
}

/** The session token a request presents, and how. */
export interface PresentedToken {
  token: string;
  via: 'cookie' | 'bearer';
}

/**
 * Reads the session a request presents, the way better-auth's getSession does (its signed cookie,
 * or a bearer token: a raw session token or a signed one), in one SQL statement that also matches
 * the holder. better-auth still creates, signs, refreshes and revokes sessions; only this
 * per-request read is ours, because better-auth's endpoint machinery costs about 1.7 ms of CPU a
 * call here against 0.15 ms for the query (docs/decisions/014-session-read.md). Its cookie's format is
 * not documented: read-session.contract.test.ts holds this reader to auth.api.getSession, so an
 * upgrade that changes the format fails there (decision 095).
 */
export function createSessionReader(cookie: SessionCookie, db: Db) {
  // Signed value → its token, for values whose signature held: the HMAC is worked out once per
  // session rather than on every request. Only the exact string that was verified is a hit.
  const verified = new Map<string, string>();
  const verifiedOnce = (signed: string, secret: string): string | null => {
    const known = verified.get(signed);
    if (known !== undefined) return known;
    const token = verifiedToken(signed, secret);
    if (token === null) return null;
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(signed, token);
    return token;
  };

  /** The verified token of the request's bearer header or session cookie, or null. */
  function presented(request: FastifyRequest): PresentedToken | null {
    const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const { name: cookieName, secret } = cookie;
    let token: string | null;
    if (bearer !== undefined) token = bearer.includes('.') ? verifiedOnce(bearer, secret) : bearer;
    else {
      const cookie = readCookies(request.headers.cookie).get(cookieName);
      token = cookie === undefined ? null : verifiedOnce(cookie, secret);
    }
    return token === null ? null : { token, via: bearer !== undefined ? 'bearer' : 'cookie' };
  }

  async function read({ token, via }: PresentedToken): Promise<SessionRead | null> {
    const [row] = await rows<SessionRow>(
      db,
      sql`select s.id as session_id, s.user_id, s.kind,
                 (extract(epoch from s.created_at) * 1000)::float8 as created_ms,
                 (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
                 u.email, u.name as user_name,
                 h.id, h.organization_id, h.name, h.is_admin, h.read_only, h.active, h.time_zone
            from auth_session s
            join auth_user u on u.id = s.user_id
            left join lateral (${holderMatchSql(sql`u.email`, sql`u.organization_id`)}) h on true
           where s.token = ${token}`,
    );
    if (!row) return null;
    if (row.expires_ms <= Date.now()) {
      // As better-auth does: an expired session is removed when it is presented.
      await db.delete(authSession).where(eq(authSession.id, row.session_id));
      return null;
    }
    return {
      sessionId: row.session_id,
      userId: row.user_id,
      email: row.email,
      name: row.user_name,
      kind: row.kind,
      createdAt: new Date(row.created_ms),
      expiresAt: new Date(row.expires_ms),
      via,
      holder: toHolderMatch(row),
    };
  }

  return { presented, read };
}
