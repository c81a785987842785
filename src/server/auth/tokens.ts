import { createHash, randomUUID } from 'node:crypto';
import { generateRandomString } from 'better-auth/crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { TokenPair } from '../../contract/auth';
import { insertSession } from './auth-records';
import { SESSION_LIMITS } from './session-expiry';
import { matchUser } from './holder-match';
import type { Db } from '../db/database';
import { authRefreshToken, authSession } from '../db/schema';
import { revokeAllTokensOfUser } from './revoke-user-tokens';

/** A refresh-token family lives at most 24 h from the sign-in that started it (SES-08). */
export const REFRESH_FAMILY_TTL = 24 * 3600;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * A new refresh token: 43 base62 characters from the CSPRNG (about 256 bits; SES-01), drawn by
 * better-auth's generator, the one behind its session tokens (which are 32 such characters).
 */
export const newRefreshToken = (): string => generateRandomString(43, 'a-z', 'A-Z', '0-9');

/**
 * A bearer access token (a better-auth session of kind 'api', 15 min, never sliding) and a
 * refresh token (about 256 random bits, stored as its SHA-256) in the given family.
 */
export async function issueTokens(
  db: Db,
  userId: string,
  family?: { id: string; expiresAt: Date; loginSessionId: string | null },
): Promise<TokenPair> {
  const expiresAt = new Date(Date.now() + SESSION_LIMITS.accessToken * 1000);
  const access = await insertSession(db, { userId, kind: 'api', expiresAt });
  const raw = newRefreshToken();
  const familyExpiresAt = family?.expiresAt ?? new Date(Date.now() + REFRESH_FAMILY_TTL * 1000);
  await db.insert(authRefreshToken).values({
    id: randomUUID(),
    familyId: family?.id ?? randomUUID(),
    userId,
    tokenHash: sha256(raw),
    sessionId: access.id,
    expiresAt: familyExpiresAt,
    familyExpiresAt,
    loginSessionId: family?.loginSessionId ?? null,
  });
  return { accessToken: access.token, refreshToken: raw, expiresIn: SESSION_LIMITS.accessToken };
}

/** Revokes a family: every refresh token in it, and the access tokens issued with them. */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  const rows = await db
    .update(authRefreshToken)
    .set({ revokedAt: new Date() })
    .where(eq(authRefreshToken.familyId, familyId))
    .returning({ sessionId: authRefreshToken.sessionId });
  const ids = rows.map((r) => r.sessionId).filter((id): id is string => id !== null);
  if (ids.length) await db.delete(authSession).where(inArray(authSession.id, ids));
}

/** Every token family started by the sign-in that opened this browser session (SES-04). */
export async function revokeFamiliesOfLogin(db: Db, loginSessionId: string): Promise<void> {
  const rows = await db
    .selectDistinct({ familyId: authRefreshToken.familyId })
    .from(authRefreshToken)
    .where(eq(authRefreshToken.loginSessionId, loginSessionId));
  for (const { familyId } of rows) await revokeFamily(db, familyId);
}

/**
 * Revokes the family a session's access token belongs to, if any; answers the browser session of
 * the sign-in that started the family (null when none).
 */
export async function revokeFamilyOfSession(db: Db, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ familyId: authRefreshToken.familyId, login: authRefreshToken.loginSessionId })
    .from(authRefreshToken)
    .where(eq(authRefreshToken.sessionId, sessionId));
  if (row) await revokeFamily(db, row.familyId);
  return row?.login ?? null;
}

/** Ends a session and every token of its sign-in: the families it started, or the one it is in. */
export async function endSessionAndItsTokens(db: Db, sessionId: string): Promise<void> {
  await revokeFamilyOfSession(db, sessionId);
  await revokeFamiliesOfLogin(db, sessionId);
  await db.delete(authSession).where(eq(authSession.id, sessionId));
}

/**
 * Rotation: claims the refresh token atomically (one UPDATE … WHERE used_at IS NULL), ends the
 * access token issued with it and issues a new pair in the same family. A token that exists but
 * cannot be claimed (already used, revoked or expired) is a reuse: the whole family is revoked.
 * A disabled holder gets nothing: every token and session of theirs ends (AUTH-10, SES-05).
 */
export async function rotateRefreshToken(
  db: Db,
  raw: string,
): Promise<
  | { tokens: TokenPair; userId: string }
  | { reused: boolean; disabled?: true; userId: string | null }
> {
  const hash = sha256(raw);
  const [row] = await db
    .update(authRefreshToken)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authRefreshToken.tokenHash, hash),
        isNull(authRefreshToken.usedAt),
        isNull(authRefreshToken.revokedAt),
        gt(authRefreshToken.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) {
    const [old] = await db
      .select()
      .from(authRefreshToken)
      .where(eq(authRefreshToken.tokenHash, hash));
    if (old) await revokeFamily(db, old.familyId);
    return { reused: Boolean(old), userId: old?.userId ?? null };
  }
  if (row.sessionId) await db.delete(authSession).where(eq(authSession.id, row.sessionId));
  if ((await matchUser(db, row.userId)).role === 'disabled') {
    await revokeAllTokensOfUser(db, row.userId);
    return { reused: false, disabled: true, userId: row.userId };
  }
  const tokens = await issueTokens(db, row.userId, {
    id: row.familyId,
    expiresAt: row.familyExpiresAt,
    loginSessionId: row.loginSessionId,
  });
  return { tokens, userId: row.userId };
}
