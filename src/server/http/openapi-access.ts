import {
  apiKeyScopes,
  type Access,
  type ApiKeyScope,
  type Grant,
  type Rule,
} from '../access-policy';
import type { SecurityScheme } from './openapi';

// Who may call an operation, as the API document says it: read from the access policy's entry for
// the route, never written per route, so the document cannot drift from what the server checks.

type Requirement = Partial<Record<SecurityScheme, []>>;

const sessions: Requirement[] = [{ cookie: [] }, { bearer: [] }];

export const isScope = (access: string): access is ApiKeyScope =>
  (apiKeyScopes as readonly string[]).includes(access);

/** Every grant a rule names (for the gateway: those of the registry and of other providers). */
export const grantsOfRule = (rule: Rule): readonly Grant[] =>
  typeof rule === 'object' && 'byProvider' in rule
    ? [...rule.byProvider.registry, ...rule.byProvider.others]
    : [rule];

/** The scopes a grant asks of an API key: none for a role, one, or each of a list. */
const scopesOf = (grant: Grant): readonly ApiKeyScope[] =>
  typeof grant === 'string' ? (isScope(grant) ? [grant] : []) : grant;

/** The scopes of the first grant open to keys: a key needs these (and no more) somewhere. */
export const keyScopesOf = (rule: Rule): readonly ApiKeyScope[] =>
  grantsOfRule(rule)
    .map(scopesOf)
    .find((scopes) => scopes.length > 0) ?? [];

/** The credentials a route takes: none, a session (cookie or bearer), or also an API key. */
export function securityFor(rule: Rule): Requirement[] {
  if (rule === 'anonymous') return [];
  return keyScopesOf(rule).length > 0 ? [...sessions, { apiKey: [] }] : sessions;
}

const who: Record<Exclude<Access, ApiKeyScope>, string> = {
  anonymous: 'anyone, with no credentials.',
  'signed-in': 'any signed-in user.',
  shareholder: 'a signed-in shareholder (administrators see every holder, others their own).',
  administrator: 'a signed-in administrator.',
};

const scopeWords = (scopes: readonly ApiKeyScope[]) =>
  scopes.map((s) => `\`${s}\``).join(' and ') + (scopes.length > 1 ? ' scopes' : ' scope');

/** Who a grant lets in, in words. */
function grantWords(grant: Grant): string {
  const scopes = scopesOf(grant);
  if (scopes.length > 0)
    return `an administrator's session, or an API key with the ${scopeWords(scopes)}`;
  return who[grant as Exclude<Access, ApiKeyScope>].replace(/\.$/, '');
}

/** One sentence for the operation's description: who may call it. */
export function accessSentence(rule: Rule): string {
  if (typeof rule === 'object' && 'byProvider' in rule) {
    const { registry, others } = rule.byProvider;
    return (
      `Access: for provider \`registry\`, ${registry.map(grantWords).join('; or ')}; for the ` +
      `other providers, ${others.map(grantWords).join('; or ')}.`
    );
  }
  return `Access: ${grantWords(rule)}.`;
}

/** The x-organization-id header every checked route accepts (spec section 6). */
export const organizationHeaderSchema = {
  type: 'string',
  description:
    'Your organization id, when you send it: a request naming another organization than your ' +
    'credentials is refused with 403 AUTH.ORGANIZATION_MISMATCH.',
} as const;
