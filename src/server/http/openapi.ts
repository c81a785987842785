import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { z } from 'zod';
import { errorBody } from '../../contract/common';
import { statusForCode, type ErrorCode } from './error-status';

/**
 * The tags every operation is filed under; an operation's tags must be among these. /docs shows
 * them in this order: the shareholders and the ledger first, what the registry is for.
 */
export const openApiTags = [
  { name: 'shareholders', description: 'Directory, statements and contact profiles' },
  { name: 'ledger', description: 'Recording share transactions' },
  { name: 'certificates', description: 'Share certificates and where their shares went' },
  { name: 'audit', description: 'Who changed what, when and why' },
  { name: 'exports', description: 'Reports as CSV or Excel files, as of a date' },
  { name: 'auth', description: 'Sign-in, tokens, passwords and sessions (spec section 7)' },
  { name: 'api-keys', description: 'Machine access: keys sent as X-API-Key' },
  { name: 'data', description: 'The generic multi-tenant data layer at /api/v1/mysql' },
  { name: 'gateway', description: 'The CRM data gateway: /api/v1/{provider}/query|insert|...' },
  { name: 'health', description: 'Whether the service and its database answer' },
] as const;
export type OpenApiTag = (typeof openApiTags)[number]['name'];

/** The credentials a caller may present; each operation names those it takes (openapi-access.ts). */
export const securitySchemes = {
  cookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'registry.session_token',
    description: 'The browser session set by signing in on this site (writes: same origin only).',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The accessToken POST /auth/login answers.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description:
      'A key an administrator created (API Keys page); it reaches the routes of its scopes.',
  },
} as const;
export type SecurityScheme = keyof typeof securitySchemes;

/** The document's header, served at /docs/json. */
export const openApiDocument = {
  openapi: '3.0.3',
  info: {
    title: 'Shareholder registry API',
    version: '1.0.0',
    description:
      'The stock ledger of one organization: holders, certificates and share transactions. ' +
      'Amounts are decimal strings with 2 decimals in answers (requests may send JSON numbers); ' +
      'dates are YYYY-MM-DD. Every error answers {code, message, field?, details?}; each ' +
      'operation lists the codes it answers. Sign in with POST /auth/login (bearer), or send ' +
      `an API key as ${securitySchemes.apiKey.name} (Authorize, above, takes either).`,
    // Whoever runs this registry: there is no public address to send callers to.
    contact: { name: "This registry's administrators" },
    license: { name: 'Proprietary' },
  },
  servers: [{ url: '/', description: 'This server' }],
  tags: openApiTags.map((t) => ({ ...t })),
  components: { securitySchemes },
} satisfies FastifyDynamicSwaggerOptions['openapi'];

/**
 * /docs (swagger-ui): operations listed under their tags, the shareholders and the ledger first,
 * Authorize for a token or an API key. BaseLayout: the standalone layout's top bar draws the
 * Swagger logo with an inline style, which the app's Content-Security-Policy (helmet, which covers
 * /docs too; swagger-ui's own staticCSP would replace it) refuses.
 */
export const docsUi = {
  routePrefix: '/docs',
  staticCSP: false,
  uiConfig: { layout: 'BaseLayout', docExpansion: 'list', deepLinking: true, filter: true },
} satisfies FastifySwaggerUiOptions;

const errorMeaning: Record<number, string> = {
  400: 'The request is malformed; `field` names the offending field',
  401: 'No valid session, token or API key',
  403: 'The caller may not use this route, or not from there',
  404: 'No such record visible to the caller',
  405: 'The method is not allowed',
  409: 'Conflicts with the current state: a request in flight, a state transition, a reference',
  410: 'The nextRecordsUrl has expired: run the query again',
  413: 'The body is larger than 256 KiB',
  415: 'The body is not JSON',
  422: 'Refused by a ledger rule; `details` carries the numbers',
  429: 'Too many requests; retry after the Retry-After header',
  500: 'Something went wrong on the server',
  501: 'The CRM gateway provider is not configured; `details.configured` lists those that are',
  502: 'The CRM backend refused or failed; `message` is its own',
  503: 'The database is unavailable or busy; retry after the Retry-After header',
  504: 'The CRM backend did not answer within 30 seconds',
};

/** The error answer with `status`: the one {code, message, field?, details?}, `code` among `codes`. */
export function errorAnswerSchema(status: number, codes: readonly ErrorCode[]) {
  const code = z.enum(codes as [ErrorCode, ...ErrorCode[]]);
  return errorBody.extend({ code }).describe(errorMeaning[status] ?? 'Refused');
}

/** Codes grouped by their status, each group in the order given. */
export function byStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const groups = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = statusForCode(code);
    groups.set(status, [...(groups.get(status) ?? []), code]);
  }
  return groups;
}

/**
 * The error answers of a route: the codes its own use cases raise. The codes every route of its
 * kind answers (its access, its input, the database) are added to the document by
 * openapi-transform.ts, so a route lists only what is its own.
 */
export function errorResponses(...codes: ErrorCode[]) {
  return Object.fromEntries(
    [...byStatus(codes)].map(([status, group]) => [status, errorAnswerSchema(status, group)]),
  );
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart upload the route reads itself (@fastify/multipart): documented as its
     * multipart/form-data request body by openapi-transform.ts, never validated as a body.
     */
    upload?: UploadBody;
  }
}

/** The `file` part(s) of a multipart upload, as the API document describes them. */
export interface UploadBody {
  description: string;
  /** Several `file` parts may be sent. */
  many?: boolean;
}

/** The JSON schema of an upload's form: a required `file`, one binary part or several. */
export function uploadFormSchema(upload: UploadBody): Record<string, unknown> {
  const binary = { type: 'string', format: 'binary' };
  const file = upload.many ? { type: 'array', items: binary } : binary;
  return {
    type: 'object',
    required: ['file'],
    properties: { file: { ...file, description: upload.description } },
  };
}
