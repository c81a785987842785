import { apiKeyScopes, type Access, type ApiKeyScope } from '../access-policy';
import type { SecurityScheme } from './openapi';

// Who may call an operation, as the API document says it: read from the access policy's entry for
// the route, never written per route, so the document cannot drift from what the server checks.

type Requirement = Partial<Record<SecurityScheme, []>>;

const sessions: Requirement[] = [{ cookie: [] }, { bearer: [] }];

const isScope = (access: Access): access is ApiKeyScope =>
  (apiKeyScopes as readonly string[]).includes(access);

/** The credentials a route takes: none, a session (cookie or bearer), or also an API key. */
export function securityFor(access: Access): Requirement[] {
  if (access === 'anonymous') return [];
  return isScope(access) ? [...sessions, { apiKey: [] }] : sessions;
}

const who: Record<Exclude<Access, ApiKeyScope>, string> = {
  anonymous: 'anyone, with no credentials.',
  'signed-in': 'any signed-in user.',
  shareholder: 'a signed-in shareholder (administrators see every holder, others their own).',
  administrator: 'a signed-in administrator.',
};

/** One sentence for the operation's description: who may call it. */
export function accessSentence(access: Access): string {
  if (isScope(access))
    return `Access: an administrator's session, or an API key with the \`${access}\` scope.`;
  return `Access: ${who[access]}`;
}

/** The x-organization-id header every checked route accepts (spec section 6). */
export const organizationHeaderSchema = {
  type: 'string',
  description:
    'Your organization id, when you send it: a request naming another organization than your ' +
    'credentials is refused with 403 AUTH.ORGANIZATION_MISMATCH.',
} as const;
