import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns';
import { companyRow } from './organization-schema';

/**
 * Machine access (spec section 6): a key is shown once and kept only as its SHA-256 (a random
 * 256-bit secret needs no slow hash); `prefix` is the part shown in lists to tell keys apart.
 */
export const apiKey = pgTable(
  'api_key',
  {
    ...companyRow(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_key_hash_idx').on(t.hash),
    index('api_key_organization_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('api_key_name_idx')
      .on(t.organizationId, t.name)
      .where(sql`revoked_at is null`),
  ],
);
