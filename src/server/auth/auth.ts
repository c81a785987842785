import { verificationKey } from './auth-records';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { verifyPassword as scryptVerify } from 'better-auth/crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MIN } from '../../contract/auth';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { authAccount, authRateLimit, authSession, authUser, authVerification } from '../db/schema';
import { transactionScope } from '../db/transaction-scope';
import { accountMail } from '../mail/account-mail';
import type { Mailer } from '../mail/mailer';
import { matchUser } from './holder-match';
import { bindLoginToCompany } from './login-company';
import { hit, RESET_ACCOUNT_RULE } from './rate-limit';
import { SESSION_LIMITS, sessionExpiry } from './session-expiry';

/** argon2id, m=19456 KiB, t=2, p=1 (checklist AUTH-04). 2 = Algorithm.Argon2id (a const enum). */
const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** How every current hash begins; any other stored hash is re-hashed at the next sign-in. */
export const CURRENT_HASH_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';
export const hashPassword = (password: string): Promise<string> => argonHash(password, ARGON);
export const needsRehash = (hash: string): boolean => !hash.startsWith(CURRENT_HASH_PREFIX);
/**
 * argon2 hashes, and the legacy `salt:key` scrypt hashes better-auth writes by default (hashes
 * made before argon2id was configured, or imported): they verify, and login.ts re-hashes them.
 */
export async function verifyPassword(opts: { hash: string; password: string }): Promise<boolean> {
  try {
    if (opts.hash.startsWith('$argon2')) return await argonVerify(opts.hash, opts.password);
    if (/^[0-9a-f]+:[0-9a-f]+$/.test(opts.hash)) return await scryptVerify(opts);
    return false;
  } catch {
    return false;
  }
}

export const SESSION_COOKIE_PREFIX = 'registry';

/** The session cookie better-auth sets and signs, as configured below (read-session.ts reads it). */
export interface SessionCookie {
  name: string;
  secret: string;
}

/**
 * Our configuration of better-auth's session cookie: `{prefix}.session_token`, `__Secure-` first
 * over HTTPS, signed with the session secret. read-session.contract.test.ts checks it against
 * what better-auth sets.
 */
export function sessionCookieOf(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
): SessionCookie {
  const secure = config.publicUrl.startsWith('https://');
  return {
    name: `${secure ? '__Secure-' : ''}${SESSION_COOKIE_PREFIX}.session_token`,
    secret: config.sessionSecret ?? 'dev-only-secret-not-for-production-0123456789',
  };
}
export const RESET_TOKEN_TTL = 30 * 60;

/**
 * Which mail a reset link goes out in: the callback's `invite` says an invitation, `1` an
 * administrator's (npm run admin -- create), `holder` a shareholder's to the portal.
 */
function resetMailKind(betterAuthUrl: string) {
  const callback = new URL(betterAuthUrl).searchParams.get('callbackURL');
  const invite =
    callback && URL.canParse(callback, 'http://x')
      ? new URL(callback, 'http://x').searchParams.get('invite')
      : null;
  if (invite === '1') return 'administrator-invitation' as const;
  if (invite === 'holder') return 'holder-invitation' as const;
  return 'reset-link' as const;
}

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

interface HookCtx {
  path?: string;
  headers?: Headers;
  context?: {
    session?: {
      session?: { kind?: string | null; userId: string; createdAt: Date; expiresAt: Date };
    };
  };
}

/** What a sign-in event line from one of better-auth's hooks says, besides who did it. */
interface HookEvent {
  event: string;
  userId: string;
  reason?: string;
}

/**
 * Who did it, for the sign-in event log (LOG-01): UTC time, IP, user agent and request id. The IP
 * and request id headers are the server's own (http-bridge.ts overwrites what a client sent).
 */
export function eventContext(headers: Headers | undefined) {
  return {
    at: new Date().toISOString(),
    ip: headers?.get('x-client-ip') ?? null,
    userAgent: headers?.get('user-agent') ?? null,
    requestId: headers?.get('x-request-id') ?? null,
  };
}

/** An administrator whose login has a password: never linked to Google implicitly (AUTH-09). */
async function isAdministratorWithPassword(db: Db, userId: string): Promise<boolean> {
  if ((await matchUser(db, userId)).role !== 'administrator') return false;
  const [credential] = await db
    .select({ id: authAccount.id })
    .from(authAccount)
    .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, 'credential')));
  return credential !== undefined;
}

/** The one better-auth instance, configured past its weak defaults (see docs/decisions/010). */
// eslint-disable-next-line max-lines-per-function -- better-auth's configuration is one declarative object
export function createAuth(deps: AuthDeps) {
  const { config, mailer, log } = deps;
  // better-auth calls our hooks inside its own transactions: they query through it.
  const { db: authDb, current: dbNow } = transactionScope(deps.db);
  const db = deps.db;
  const publicOrigin = new URL(config.publicUrl).origin;
  const background = new Set<Promise<unknown>>();

  /** A sign-in event line from one of better-auth's hooks, with who did it (LOG-01). */
  const logHookEvent = (level: 'info' | 'warn', ctx: unknown, fields: HookEvent, message: string) =>
    log[level]({ ...fields, ...eventContext((ctx as HookCtx | null)?.headers) }, message);
  /** A hook's refusal: logged, then `false`, which stops better-auth's write. */
  const refuseInHook = (ctx: unknown, fields: HookEvent, message: string) => {
    logHookEvent('warn', ctx, fields, message);
    return false as const;
  };

  const resetLink = (token: string, betterAuthUrl: string): string => {
    // better-auth's url points at its own GET endpoint; the mail links to our page. A resetUrl
    // given to /auth/forgot-password arrives as callbackURL and counts only on our own origin.
    let base = `${config.publicUrl}/reset-password`;
    const wanted = new URL(betterAuthUrl).searchParams.get('callbackURL');
    if (wanted && URL.canParse(wanted, config.publicUrl)) {
      const u = new URL(wanted, config.publicUrl);
      if (u.origin === publicOrigin) base = `${u.origin}${u.pathname}`;
    }
    return `${base}?token=${encodeURIComponent(token)}`;
  };

  const auth = betterAuth({
    appName: 'Shareholder Registry',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: sessionCookieOf(config).secret,
    telemetry: { enabled: false },
    // better-auth's own messages go to our log (JSON, redacted), errors only.
    logger: {
      level: 'error',
      log: (level, message) => {
        if (level === 'error') log.error({ event: 'better-auth' }, message);
      },
    },
    trustedOrigins: [publicOrigin],
    onAPIError: { errorURL: '/login' },
    database: drizzleAdapter(authDb as never, {
      provider: 'pg',
      transaction: true,
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
        rateLimit: authRateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      // passwordProblem (8 to 128 code points) is the rule, checked before better-auth is called.
      // better-auth counts UTF-16 units, so its bounds must stay out of the way: 8 code points are
      // at least 8 units, and 128 are at most 256 (astral characters take two).
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: 512,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL,
      revokeSessionsOnPasswordReset: true,
      // Runs in the background (advanced.backgroundTasks), so timing does not reveal the address.
      sendResetPassword: async ({ user, url, token }) => {
        const { count } = await hit(db, `reset-mail|${user.id}`, RESET_ACCOUNT_RULE.window);
        if (count > RESET_ACCOUNT_RULE.max) {
          log.warn(
            { event: 'auth.reset.mail_limited', userId: user.id },
            'reset mail not sent: account limit',
          );
          return;
        }
        const link = resetLink(token, url);
        await mailer.send(await accountMail(deps, user.email, { kind: resetMailKind(url), link }));
      },
      onPasswordReset: async ({ user }) => {
        await db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, user.id));
        mailer.enqueue(accountMail(deps, user.email, { kind: 'password-reset' }));
      },
    },
    // Reset tokens are stored as their digest; the hash is ours so auth-records.ts can read one.
    verification: { storeIdentifier: { hash: verificationKey } },
    session: {
      // Cookie Max-Age and the upper bound; the real expiry is set per role by the hooks below.
      expiresIn: SESSION_LIMITS.shareholder.absolute,
      updateAge: 0,
      freshAge: 15 * 60,
      cookieCache: { enabled: false },
      additionalFields: { kind: { type: 'string', required: false, input: false } },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: [] },
      updateAccountOnSignIn: false,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      customRules: {
        '/sign-in/email': { window: 10, max: 3 },
        '/sign-in/social': { window: 10, max: 20 },
        '/request-password-reset': { window: 60, max: 3 },
      },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      ipAddress: { ipAddressHeaders: ['x-client-ip'] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      backgroundTasks: {
        handler: (p: Promise<unknown>) => {
          const tracked = p.catch((err: unknown) =>
            log.error({ err, event: 'auth.background.failed' }, 'background task failed'),
          );
          background.add(tracked);
          void tracked.finally(() => background.delete(tracked));
        },
      },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session, ctx) => {
            const now = Date.now();
            if ((session as { kind?: string }).kind === 'api')
              return {
                data: { ...session, expiresAt: new Date(now + SESSION_LIMITS.accessToken * 1000) },
              };
            // A login without a company yet (Google's first sign-in) gets the one holding it.
            await bindLoginToCompany(dbNow(), session.userId);
            const match = await matchUser(dbNow(), session.userId);
            // A disabled holder gets no session, whichever way they sign in (AUTH-10).
            if (match.role === 'disabled')
              return refuseInHook(
                ctx,
                { event: 'auth.session.refused', userId: session.userId, reason: 'disabled' },
                'sign-in refused: the holder is not active',
              );
            return {
              data: {
                ...session,
                kind: 'web',
                expiresAt: sessionExpiry(match.role, new Date(now), now),
              },
            };
          },
          after: async (session, ctx) => {
            if ((ctx as HookCtx | null)?.path?.startsWith('/callback/'))
              logHookEvent(
                'info',
                ctx,
                { event: 'auth.google.success', userId: session.userId },
                'signed in with Google',
              );
          },
        },
        update: {
          // better-auth's own get-session refreshes with {expiresAt: now + expiresIn}: cap it by
          // role, idle and absolute (our resolver refreshes the same way, resolve-principal.ts).
          before: async (data, ctx) => {
            if (!data.expiresAt) return;
            const current = (ctx as HookCtx | null)?.context?.session?.session;
            if (!current) return { data: { ...data, expiresAt: undefined } };
            if (current.kind === 'api') return { data: { ...data, expiresAt: current.expiresAt } };
            const { role } = await matchUser(dbNow(), current.userId);
            const expires = sessionExpiry(role, new Date(current.createdAt), Date.now());
            return { data: { ...data, expiresAt: expires } };
          },
        },
      },
      account: {
        create: {
          before: async (account, ctx) => {
            // No implicit Google link onto an administrator's password account (AUTH-09).
            if (
              account.providerId !== 'credential' &&
              (await isAdministratorWithPassword(dbNow(), account.userId))
            )
              return refuseInHook(
                ctx,
                { event: 'auth.google.link_refused', userId: account.userId },
                'Google not linked to an administrator password account',
              );
            // Google's tokens are never kept (OAU-05).
            return {
              data: {
                ...account,
                accessToken: null,
                refreshToken: null,
                idToken: null,
                accessTokenExpiresAt: null,
                refreshTokenExpiresAt: null,
              },
            };
          },
          after: async (account, ctx) => {
            if (account.providerId !== 'credential')
              logHookEvent(
                'info',
                ctx,
                { event: 'auth.google.linked', userId: account.userId },
                'Google identity linked',
              );
          },
        },
        update: {
          before: async (account) => ({
            data: { ...account, accessToken: null, refreshToken: null, idToken: null },
          }),
        },
      },
    },
    plugins: [
      bearer({ requireSignature: false }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                  requireEmailVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });

  return Object.assign(auth, {
    /** Resolves when reset mails and other background work have finished. */
    drainBackground: async () => {
      while (background.size) await Promise.all([...background]);
      await mailer.drain();
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
