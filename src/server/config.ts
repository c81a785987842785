import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  apiVersionPattern,
  salesforceDefaults,
  type SalesforceSettings,
} from './salesforce/salesforce-config';

/** Empty strings in the environment count as "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const url = (protocols: string[]) =>
  z.url().refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
    message: `must be a ${protocols.join(' or ')} URL`,
  });

const booleanFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const host = z
  .string()
  .refine((v) => isIP(v) !== 0 || HOST_NAME.test(v), 'must be a host name or an IP address');

/** `user@example.com` or `Display Name <user@example.com>` (the name may be quoted). */
const MAILBOX = /^(?:(?:"[^"]*"|[^<>"]*?)\s*<([^<>\s]+)>|([^<>\s]+))$/;
const isAddress = (a: string) => {
  const at = a.lastIndexOf('@');
  return at > 0 && /^[^\s@"(),:;<>[\\\]]+$/.test(a.slice(0, at)) && HOST_NAME.test(a.slice(at + 1));
};
const mailbox = z.string().refine((v) => {
  const m = MAILBOX.exec(v.trim());
  return m !== null && isAddress((m[1] ?? m[2])!);
}, 'must be an e-mail address, optionally with a name: Name <user@example.com>');

/** An address or a CIDR block (`10.0.0.0/8`, `fd00::/8`). */
const isAddressOrBlock = (v: string) => {
  const [address, bits, ...rest] = v.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};

/** proxy-addr's names for the private ranges a reverse proxy usually sits in. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which proxies to believe in X-Forwarded-For: a list of proxy addresses, blocks or range names
 * (`10.0.0.1,10.0.0.0/8,loopback`). `false` or unset believes none. A hop count or `true` is
 * refused: neither checks who sent the header, so any client could choose its own address
 * (Fastify itself ignores a hop count for that reason).
 */
const trustProxy = z
  .string()
  .trim()
  .refine(
    (v) =>
      v === 'false' ||
      v.split(',').every((a) => PROXY_RANGES.has(a.trim()) || isAddressOrBlock(a.trim())),
    'must be false or a comma-separated list of proxy addresses (10.0.0.1, 10.0.0.0/8, loopback)',
  )
  .transform((v): string[] | false => (v === 'false' ? false : v.split(',').map((a) => a.trim())));

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  HOST: optional(host),
  PUBLIC_URL: optional(url(['http:', 'https:'])),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
  DATA_DIR: optional(z.string().min(1)),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SMTP_URL: optional(url(['smtp:', 'smtps:'])),
  MAIL_FROM: optional(mailbox),
  GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
  GOOGLE_ISSUER: optional(url(['http:', 'https:'])),
  SALESFORCE_LOGIN_URL: optional(url(['http:', 'https:'])),
  SALESFORCE_CLIENT_ID: optional(z.string().min(1)),
  SALESFORCE_CLIENT_SECRET: optional(z.string().min(1)),
  SALESFORCE_API_VERSION: optional(z.string().regex(apiVersionPattern, 'must look like v62.0')),
  DEMO_DATA: optional(booleanFlag),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  TRUST_PROXY: optional(trustProxy),
  DATABASE_WAIT_SECONDS: optional(z.coerce.number().int().min(0).max(3600)),
  SESSION_CACHE_SECONDS: optional(z.coerce.number().int().min(0).max(60)),
});

/** Every variable the server reads, for the test that keeps .env.example and the README whole. */
export const configVariables = Object.keys(envSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Undefined in embedded mode until main.ts creates or reads the one kept in dataDir. */
  sessionSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** The connected app of the CRM gateway's Salesforce provider and importer; undefined: off. */
  salesforce: SalesforceSettings | undefined;
  /** undefined: the default (on for an empty embedded database, off for PostgreSQL). */
  demoData: boolean | undefined;
  logLevel: string;
  /** Fastify's trustProxy: which X-Forwarded-For hops give the client's address. */
  trustProxy: string[] | false;
  /** How long start-up waits for an unreachable database before giving up (exit 78). */
  databaseWaitSeconds: number;
  /** How long a server may remember who a session is (auth/principal-cache.ts); 0: never. */
  sessionCacheSeconds: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface ConfigOptions {
  /** False for tools that never sign anything (db:migrate): they run without SESSION_SECRET. */
  needsSessionSecret?: boolean;
}

/** Parses the environment once. Throws a ConfigError whose message is one line naming the variable. */
export function parseConfig(
  env: Record<string, string | undefined>,
  options: ConfigOptions = {},
): Config {
  const needsSecret = options.needsSessionSecret ?? true;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${describe(issue, name, env[name])}`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  if (needsSecret && nodeEnv === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration: SESSION_SECRET is required when NODE_ENV=production',
    );
  }
  if (needsSecret && e.DATABASE_URL && !e.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration: SESSION_SECRET is required when DATABASE_URL is set (it cannot be kept in DATA_DIR)',
    );
  }
  if (e.GOOGLE_ISSUER && !e.GOOGLE_CLIENT_ID) {
    throw new ConfigError(
      'Invalid configuration: GOOGLE_ISSUER is set but GOOGLE_CLIENT_ID is not (Google sign-in needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)',
    );
  }
  const googleParts = [e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET];
  if (googleParts.some(Boolean) && !googleParts.every(Boolean)) {
    throw new ConfigError(
      `Invalid configuration: ${e.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'} must be set together with ${e.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_ID' : 'GOOGLE_CLIENT_SECRET'}`,
    );
  }
  const salesforce = salesforceOf(e);
  const port = e.PORT ?? 3000;
  // Loopback unless told otherwise: the demo prints known passwords (containers set 0.0.0.0).
  const host = e.HOST ?? '127.0.0.1';
  return {
    env: nodeEnv,
    port,
    host,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    // Absolute, so that the lock's message and the start banner name the folder exactly.
    dataDir: resolve(e.DATA_DIR ?? 'data'),
    sessionSecret: e.SESSION_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM?.trim() ?? 'Shareholder Registry <registry@localhost>',
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: (e.GOOGLE_ISSUER ?? 'https://accounts.google.com').replace(/\/$/, ''),
          }
        : undefined,
    salesforce,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: e.TRUST_PROXY ?? false,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS ?? 30,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS ?? 10,
  };
}

/** The connected app (client-credentials flow): both id and secret, or neither. */
function salesforceOf(e: z.output<typeof envSchema>): SalesforceSettings | undefined {
  const parts = [e.SALESFORCE_CLIENT_ID, e.SALESFORCE_CLIENT_SECRET];
  if (parts.some(Boolean) && !parts.every(Boolean)) {
    const [set, unset] = e.SALESFORCE_CLIENT_ID
      ? ['SALESFORCE_CLIENT_ID', 'SALESFORCE_CLIENT_SECRET']
      : ['SALESFORCE_CLIENT_SECRET', 'SALESFORCE_CLIENT_ID'];
    throw new ConfigError(`Invalid configuration: ${unset} must be set together with ${set}`);
  }
  if (!e.SALESFORCE_CLIENT_ID || !e.SALESFORCE_CLIENT_SECRET) return undefined;
  return {
    loginUrl: (e.SALESFORCE_LOGIN_URL ?? salesforceDefaults.loginUrl).replace(/\/$/, ''),
    clientId: e.SALESFORCE_CLIENT_ID,
    clientSecret: e.SALESFORCE_CLIENT_SECRET,
    apiVersion: e.SALESFORCE_API_VERSION ?? salesforceDefaults.apiVersion,
  };
}

/** Values of these are never echoed back: they carry secrets or credentials. */
const SECRET_VARS = new Set([
  'SESSION_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'SALESFORCE_CLIENT_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
]);

function describe(issue: z.core.$ZodIssue, name: string, raw: string | undefined): string {
  const shown =
    raw === undefined || SECRET_VARS.has(name)
      ? ''
      : ` (got "${raw.length > 40 ? raw.slice(0, 40) + '…' : raw}")`;
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.join(', ')}${shown}`;
  if (issue.code === 'invalid_type') return `must be a ${issue.expected}${shown}`;
  if (issue.code === 'too_small' || issue.code === 'too_big') return `${issue.message}${shown}`;
  // A pattern's own message (SALESFORCE_API_VERSION) says more than "a valid URL" would.
  if (issue.code === 'invalid_format' && issue.format === 'url')
    return `must be a valid URL${shown}`;
  return `${issue.message}${shown}`;
}

/** Only this module reads process.env. */
export function loadConfig(options: ConfigOptions = {}): Config {
  return parseConfig(process.env, options);
}
