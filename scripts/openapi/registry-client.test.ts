// A client generated from the served document works unchanged: the app's /docs/json is written,
// openapi-typescript generates its types, the client a customer would write with openapi-fetch
// (generated-client/registry-client.ts) is type-checked strictly against them, then run against
// this server listening on a real port, on the real database.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerScenario } from '../../src/server/test-support/ledger-scenario';
import { FIXTURE_PASSWORD } from '../../src/server/test-support/fixtures';
import { createTestApp, type TestApp } from '../../src/server/test-support/test-app';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = join(root, 'test-results', 'generated-client');
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const run = (cmd: string, args: string[]) =>
  spawnSync(bin(cmd), args, { cwd: root, encoding: 'utf8', timeout: 120_000 });

/** The client module, loaded by path: it compiles only against the types generated here. */
interface ClientModule {
  signIn(baseUrl: string, username: string, password: string): Promise<unknown>;
  userInfo(client: unknown): Promise<{ email: string; isAdmin: boolean }>;
  loadShareholders(client: unknown): Promise<Array<Record<string, unknown>>>;
  statement(client: unknown, holderId: string): Promise<{ totals: { common: string } }>;
  recordTransfer(
    client: unknown,
    transfer: { from: string; to: string; certificate: string; shares: string; date: string },
    idempotencyKey: string,
  ): Promise<{ operation: { operationId: string }; replayed: boolean }>;
  createAndQueryTenant(
    client: unknown,
    tenantKey: string,
  ): Promise<{ created: Record<string, unknown>; rows: Array<Record<string, unknown>> }>;
  holderLedger(
    client: unknown,
    holderId: string,
  ): Promise<{ total: number; rows: Array<{ operation: { id: string }; shares: string }> }>;
  reverse(
    client: unknown,
    operationId: string,
    key: string,
  ): Promise<{ operationId: string; reversesOperationId?: string | null }>;
  capTableOn(
    client: unknown,
    asOf: string,
  ): Promise<{
    capTable: { asOf: string; topHolders: Array<{ id: string | null }> };
    list: { asOf: string; classes: Array<{ holders: Array<{ id: string }> }> };
  }>;
  capTableCsv(client: unknown, asOf: string): Promise<string>;
  ocfPackage(client: unknown, asOf: string): Promise<Uint8Array>;
  previewHolders(
    client: unknown,
    name: string,
    email: string,
  ): Promise<{ rows: number; committed: boolean; steps: Array<{ row: number; ok: boolean }> }>;
}
const clientModule = join(root, 'scripts/openapi/generated-client/registry-client.ts');

let t: TestApp;
let s: Awaited<ReturnType<typeof ledgerScenario>>;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'warn' } });
  s = await ledgerScenario(t);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'openapi.json'), JSON.stringify(t.app.swagger(), null, 2));
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('a client generated from /docs/json with openapi-typescript and openapi-fetch', () => {
  it('gets its types generated from the served document', { timeout: 120_000 }, () => {
    const r = run('openapi-typescript', [
      join(out, 'openapi.json'),
      '--output',
      join(out, 'registry-api.d.ts'),
    ]);
    expect(r.status, r.stderr).toBe(0);
  });

  it('type-checks strictly against them', { timeout: 120_000 }, () => {
    const r = run('tsc', ['-p', 'scripts/openapi/generated-client/tsconfig.json']);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('signs in, loads the shareholders, reads a statement, transfers once, queries data', async () => {
    const c = (await import(clientModule)) as ClientModule;
    const client = await c.signIn(baseUrl, s.admin.email!, FIXTURE_PASSWORD);
    expect(await c.userInfo(client)).toMatchObject({ email: s.admin.email, isAdmin: true });

    const holders = await c.loadShareholders(client);
    expect(holders.map((h) => h.Id)).toEqual(expect.arrayContaining([s.alice.id, s.bob.id]));

    expect((await c.statement(client, s.bob.id)).totals.common).toBe('10.00');
    const transfer = {
      from: s.alice.id,
      to: s.bob.id,
      certificate: s.certificates.cs1,
      shares: '2.50',
      date: '2024-01-02',
    };
    const key = randomUUID();
    const first = await c.recordTransfer(client, transfer, key);
    const retry = await c.recordTransfer(client, transfer, key);
    expect(retry).toEqual({ operation: first.operation, replayed: true });
    expect((await c.statement(client, s.bob.id)).totals.common).toBe('12.50');

    // Issue 25's routes, as a stranger calls them: the ledger shows the transfer, a reversal
    // takes it back, and the cap table and stockholder list of the day read the same ledger.
    const ledger = await c.holderLedger(client, s.bob.id);
    expect(ledger.rows[0]).toMatchObject({
      operation: { id: first.operation.operationId },
      shares: '2.50',
    });
    const reversal = await c.reverse(client, first.operation.operationId, randomUUID());
    expect(reversal.reversesOperationId).toBe(first.operation.operationId);
    expect((await c.statement(client, s.bob.id)).totals.common).toBe('10.00');
    const { capTable, list } = await c.capTableOn(client, '2024-01-02');
    expect(capTable.asOf).toBe('2024-01-02');
    expect(capTable.topHolders.map((h) => h.id)).toEqual(expect.arrayContaining([s.alice.id]));
    expect(list.classes.flatMap((k) => k.holders.map((h) => h.id))).toContain(s.bob.id);

    // Issue 26's, the same way: a spreadsheet of the cap table, the OCF package (a zip), and a
    // holders file previewed through the documented multipart body, nothing written.
    const csv = await c.capTableCsv(client, '2024-01-02');
    expect(csv).toContain(s.alice.name);
    expect(Buffer.from(await c.ocfPackage(client, '2024-01-02')).subarray(0, 4)).toEqual(
      Buffer.from('PK\x03\x04', 'latin1'),
    );
    const preview = await c.previewHolders(client, 'Stranger Client', 'stranger@example.com');
    expect(preview).toMatchObject({ rows: 1, committed: false, steps: [{ row: 2, ok: true }] });
    expect(holders).toHaveLength((await c.loadShareholders(client)).length);

    const tenantKey = `client-${randomUUID().slice(0, 8)}`;
    const { created, rows } = await c.createAndQueryTenant(client, tenantKey);
    expect(rows).toEqual([{ id: created.id, name: `Tenant ${tenantKey}` }]);
  });
});
