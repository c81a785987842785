import { describe, expect, it } from 'vitest';
import { injectJson } from '../../test-support/inject-json';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { useTestApp } from '../../test-support/use-test-app';
import { readGatewayQuery } from './gateway-query';

const t = useTestApp();
const a = useLedgerScenario(t);

// Issue 23: {"filter": {"$or": [{}]}} reached the registry's SQL as `where (())`, a 500. A branch
// of $or with no condition means nothing: it is refused with 400 naming it, wherever it stands.
const EMPTY_BRANCHES: Array<[body: Record<string, unknown>, field: string]> = [
  [{ filter: { $or: [{}] } }, 'filter.$or.0'],
  [{ filters: { $or: [{}] } }, 'filters.$or.0'],
  [{ filter: { $or: [{ Name: 'Alice' }, {}] } }, 'filter.$or.1'],
  [{ filter: { $or: [{ $or: [{}] }] } }, 'filter.$or.0.$or.0'],
  [
    { filter: { Name: 'Alice', $or: [{ Name: 'Bob' }, { $or: [{ Name: 'Carol' }, {}] }] } },
    'filter.$or.1.$or.1',
  ],
];

describe('a gateway query’s $or', () => {
  it.each(EMPTY_BRANCHES)('refuses an empty branch: %j names %s', (body, field) => {
    expect(() => readGatewayQuery({ objectName: 'Shareholder__c', ...body })).toThrow(
      expect.objectContaining({ code: 'HTTP.VALIDATION', field }),
    );
  });

  it('answers 400 naming the branch on the registry, never 500', async () => {
    for (const [body, field] of EMPTY_BRANCHES) {
      const res = await injectJson(t, 'POST', '/api/v1/registry/query', a.as.admin, {
        objectName: 'Shareholder__c',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'HTTP.VALIDATION',
        field,
        message: `${field}: must hold a condition`,
      });
    }
    const res = await injectJson(t, 'POST', '/api/v1/registry/query', a.as.admin, {
      objectName: 'Shareholder__c',
      fields: ['Name'],
      filter: { $or: [{ Name: 'Alice' }, { Name: 'Bob' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ totalSize: number }>().totalSize).toBe(2);
  });
});
