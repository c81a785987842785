import { expect } from 'vitest';
import { injectJson } from './inject-json';
import type { TestApp } from './test-app';
import type { LedgerScenario } from './use-ledger-scenario';

/**
 * What a GET route of the scenario's administrators answers anyone else: 403 to a shareholder
 * (Alice), 401 to an anonymous caller, and to an administrator 400 naming `bad.field` when the
 * query is `bad.query`.
 */
export async function expectAdministratorsOnly(
  t: TestApp,
  s: LedgerScenario,
  url: string,
  bad: { query: string; field: string },
) {
  const get = (path: string, headers: Record<string, string>) =>
    injectJson(t, 'GET', path, headers);
  expect((await get(url, s.as.alice)).statusCode).toBe(403);
  expect((await get(url, {})).statusCode).toBe(401);
  const res = await get(`${url}?${bad.query}`, s.as.admin);
  expect(res.statusCode).toBe(400);
  expect(res.json<{ field?: string }>().field).toBe(bad.field);
}
