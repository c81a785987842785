import { accessPolicy, type Grant, type Rule } from '../access-policy';
import { webRoutePaths } from '../../contract/web-routes';

// docs/access-table.md, written from the access policy (access-table.test.ts keeps it true):
// who may call each route, a column per kind of caller.

const YES = 'yes';
const NO = '—';

type Column = 'holder' | 'readOnly' | 'admin' | 'key';

/** One grant, read for one kind of caller on a route of this method. */
function grantFor(grant: Grant, column: Column, method: string): string {
  const scopes = typeof grant === 'string' ? [grant] : [...grant];
  const [access] = scopes;
  if (access === 'anonymous') return YES;
  if (access === 'signed-in') return column === 'key' ? NO : YES;
  if (access === 'shareholder') {
    if (column === 'holder') return 'own records';
    if (column === 'readOnly') return method === 'GET' ? 'any holder' : NO;
    return column === 'admin' ? YES : NO;
  }
  if (access === 'administrator') return column === 'admin' ? YES : NO;
  if (column === 'admin') return YES;
  if (column === 'key') return scopes.map((s) => `\`${s}\``).join(' + ');
  return column === 'readOnly' && method === 'GET' && access === 'ledger:read' ? YES : NO;
}

function cell(rule: Rule, column: Column, method: string): string {
  if (typeof rule === 'string' || Array.isArray(rule))
    return grantFor(rule as Grant, column, method);
  const { registry, others } = (rule as { byProvider: { registry: Grant[]; others: Grant[] } })
    .byProvider;
  const any = (grants: readonly Grant[]) =>
    [...new Set(grants.map((g) => grantFor(g, column, method)).filter((c) => c !== NO))].join(
      ' or ',
    ) || NO;
  return `registry: ${any(registry)}; others: ${any(others)}`;
}

export function accessTableMarkdown(): string {
  const pages = new Set(webRoutePaths.map((p) => `GET ${p}`));
  const lines = Object.entries(accessPolicy)
    .filter(([key]) => !pages.has(key) && key !== 'GET /*')
    .map(([key, rule]) => {
      const method = key.split(' ')[0]!;
      const cells = (['holder', 'readOnly', 'admin', 'key'] as const).map((c) =>
        cell(rule, c, method),
      );
      return `| \`${key}\` | ${cells.join(' | ')} |`;
    });
  return [
    '# Who may call each route',
    '',
    'Written from `src/server/access-policy.ts` by `src/server/test-support/access-table.ts`;',
    '`src/server/access-table.test.ts` fails when they differ (regenerate with',
    '`UPDATE_ACCESS_TABLE=1 npx vitest run src/server/access-table.test.ts`). A route missing from',
    'the policy answers 403 to everyone. Anyone may open the web pages and the static files; the',
    'data behind them is guarded here. "Holder": a signed-in shareholder, "read-only": a holder an',
    'administrator gave read-only access (a board member, auditor or counsel: decision 124), "API',
    'key": a key of the company carrying that scope (never a route for people).',
    '`src/server/read-only-role.test.ts` sweeps every route as a read-only holder.',
    '',
    '| Route | Holder | Read-only | Administrator | API key |',
    '| --- | --- | --- | --- | --- |',
    ...lines,
    '',
  ].join('\n');
}
