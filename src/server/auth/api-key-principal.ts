import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '../../ledger';
import type { ApiKeyScope } from '../../contract/constants/api-keys';
import type { Db } from '../db/database';
import { rows } from '../db/sql';
import { AppError } from '../http/app-error';
import type { Principal } from '../plugins/access-control';
import { hit, rateLimited } from './rate-limit';

/** Requests a key may make per minute; past it, 429 with Retry-After. */
export const API_KEY_RULE = { window: 60, max: 600 };

/** A key's stored form: SHA-256 of the whole key (a random 256-bit secret needs no slow hash). */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new key: "srk_" and 32 random bytes (base64url); the prefix tells keys apart in lists. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `srk_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, 12), hash: hashApiKey(key) };
}

interface KeyRow {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  organization_id: string;
  time_zone: string | null;
}

const invalidKey = () =>
  new AppError({
    code: 'AUTH.INVALID_API_KEY',
    message: 'The API key is not valid, or it has been revoked.',
  });

/**
 * The caller an `X-API-Key` names: an unrevoked key of an organization, limited per key. Its
 * last use is written at most once a minute. An unknown or revoked key is refused (401).
 */
export async function apiKeyPrincipal(db: Db, key: string): Promise<Principal> {
  if (key.length > 200) throw invalidKey();
  const [row] = await rows<KeyRow>(
    db,
    sql`with used as (
          update api_key set last_used_at = now()
           where hash = ${hashApiKey(key)} and revoked_at is null
             and (last_used_at is null or last_used_at < now() - interval '1 minute')
          returning id)
        select k.id, k.name, k.scopes, k.organization_id, o.time_zone
          from api_key k join organization o on o.id = k.organization_id
         where k.hash = ${hashApiKey(key)} and k.revoked_at is null`,
  );
  if (!row) throw invalidKey();
  const perKey = await hit(db, `api-key|${row.id}`, API_KEY_RULE.window);
  if (perKey.count > API_KEY_RULE.max) throw rateLimited(perKey.retryAfter);
  const id = `api-key:${row.id}`;
  return {
    userId: id,
    email: '',
    name: row.name,
    sessionId: id,
    holderId: null,
    organizationId: row.organization_id,
    timeZone: row.time_zone ?? DEFAULT_TIME_ZONE,
    role: null,
    via: 'api-key',
    apiKey: { id: row.id, name: row.name, scopes: row.scopes },
  };
}
