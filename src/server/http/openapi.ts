import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { errorBody } from '../../contract/common';

/** The tags every operation is filed under; an operation's tags must be among these. */
export const openApiTags = [
  { name: 'health', description: 'Whether the service and its database answer' },
  { name: 'auth', description: 'Sign-in, tokens, passwords and sessions (spec section 7)' },
  { name: 'shareholders', description: 'Directory, statements and contact profiles' },
  { name: 'certificates', description: 'Share certificates and where their shares went' },
  { name: 'ledger', description: 'Recording share transactions' },
  { name: 'audit', description: 'Who changed what, when and why' },
  { name: 'data', description: 'The generic multi-tenant data layer at /api/v1/mysql' },
  { name: 'api-keys', description: 'Machine access: keys sent as X-API-Key' },
  { name: 'gateway', description: 'The CRM data gateway: /api/v1/{provider}/query|insert|...' },
] as const;
export type OpenApiTag = (typeof openApiTags)[number]['name'];

/** The document's header, served at /docs/json. */
export const openApiDocument = {
  openapi: '3.0.3',
  info: {
    title: 'Shareholder registry API',
    version: '1.0.0',
    description:
      'The stock ledger of one organization: holders, certificates and share transactions. ' +
      'Amounts are decimal strings with 2 decimals in answers (requests may send JSON numbers); ' +
      'dates are YYYY-MM-DD. Every error answers {code, message, field?, details?}.',
    contact: { name: 'Registry maintainers', url: 'https://github.com/' },
  },
  servers: [{ url: '/', description: 'This server' }],
  tags: openApiTags.map((t) => ({ ...t })),
  components: {
    securitySchemes: {
      cookie: { type: 'apiKey', in: 'cookie', name: 'registry.session_token' },
      bearer: { type: 'http', scheme: 'bearer' },
    },
  },
} satisfies FastifyDynamicSwaggerOptions['openapi'];

const errorMeaning = {
  400: 'The request is malformed; `field` names the offending field',
  401: 'No valid session or token',
  403: 'The caller may not use this route',
  404: 'No such record visible to the caller',
  409: 'Conflicts with the current state: a request in flight, a state transition, a reference',
  410: 'The nextRecordsUrl has expired: run the query again',
  422: 'Refused by a ledger rule; `details` carries the numbers',
  429: 'Too many requests; retry after the Retry-After header',
  501: 'The CRM gateway provider is not configured; `details.configured` lists those that are',
  502: 'The CRM backend refused or failed; `message` is its own',
  503: 'The database is unavailable; retry after the Retry-After header',
  504: 'The CRM backend did not answer within 30 seconds',
} as const;
export type ErrorStatus = keyof typeof errorMeaning;

/** The error answers of a route, each in the one {code, message, field?, details?} shape. */
export function errorResponses(...statuses: ErrorStatus[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorBody.describe(errorMeaning[s])]));
}
