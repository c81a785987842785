import { bigint, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, updatedAt } from './columns';
import { organization } from './organization-schema';

// better-auth's core tables (1.7), mapped through its drizzle adapter: property names are the
// field names better-auth uses, SQL names are ours.

/** better-auth makes its own ids: text, not uuid. */
const textKey = () => text('id').primaryKey();

/** better-auth's own stamps: it sets updated_at on every change. */
const stamps = () => ({
  createdAt: createdAt(),
  updatedAt: updatedAt().$onUpdate(() => new Date()),
});

/** The user a row belongs to; it goes with the user. */
const userRef = () =>
  text('user_id')
    .notNull()
    .references(() => authUser.id, { onDelete: 'cascade' });

export const authUser = pgTable(
  'auth_user',
  {
    id: textKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    ...stamps(),
    // Ours: the company the login belongs to, set once where it was created (auth/login-company.ts).
    // Only that company's holder records say who its sessions are; null until one holds the e-mail.
    organizationId: uuid('organization_id').references(() => organization.id),
  },
  (t) => [index('auth_user_organization_idx').on(t.organizationId)],
);

export const authSession = pgTable(
  'auth_session',
  {
    id: textKey(),
    expiresAt: moment('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ...stamps(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userRef(),
    // Ours (session.additionalFields.kind): 'web' (cookie) or 'api' (bearer access token).
    kind: text('kind'),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

export const authAccount = pgTable(
  'auth_account',
  {
    id: textKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userRef(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: moment('access_token_expires_at'),
    refreshTokenExpiresAt: moment('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...stamps(),
  },
  (t) => [index('auth_account_user_idx').on(t.userId)],
);

export const authVerification = pgTable(
  'auth_verification',
  {
    id: textKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: moment('expires_at').notNull(),
    ...stamps(),
  },
  (t) => [index('auth_verification_identifier_idx').on(t.identifier)],
);

export const authRateLimit = pgTable('auth_rate_limit', {
  id: textKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * The app's own sign-in and reset counters (rate-limit.ts). Not auth_rate_limit: better-auth's
 * limiter deletes that table's rows older than its own window, which wiped the reset cap.
 */
export const appRateLimit = pgTable('app_rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Refresh tokens for API clients: stored hashed, rotated on use; reuse revokes the family. */
export const authRefreshToken = pgTable(
  'auth_refresh_token',
  {
    id: textKey(),
    familyId: text('family_id').notNull(),
    userId: userRef(),
    tokenHash: text('token_hash').notNull().unique(),
    // The access-token session issued with this refresh token.
    sessionId: text('session_id'),
    // The browser session of the sign-in that started the family: its logout ends the family.
    loginSessionId: text('login_session_id'),
    expiresAt: moment('expires_at').notNull(),
    familyExpiresAt: moment('family_expires_at').notNull(),
    usedAt: moment('used_at'),
    revokedAt: moment('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_refresh_token_family_idx').on(t.familyId),
    index('auth_refresh_token_login_session_idx').on(t.loginSessionId),
  ],
);

/** Failed sign-ins per account, for the doubling back-off (never a permanent lock-out). */
export const authLoginFailure = pgTable(
  'auth_login_failure',
  {
    id: textKey(),
    email: text('email').notNull(),
    // Who failed: the client address, or `device|{id}` for a known browser (rate-limit.ts).
    client: text('client'),
    failedAt: moment('failed_at').notNull().defaultNow(),
  },
  (t) => [index('auth_login_failure_email_idx').on(t.email, t.failedAt)],
);
