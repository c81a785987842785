import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../../contract/api-keys';
import { gatewayOperations, gatewayProviders } from '../../../contract/gateway';
import { rows } from '../../db/sql';
import { expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { injectJson } from '../../test-support/inject-json';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { useTestApp } from '../../test-support/use-test-app';

const t = useTestApp();
const a = useLedgerScenario(t);
const b = useLedgerScenario(t);

const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  injectJson(t, 'POST', url, headers, payload);
let keys = 0;
const keyWith = async (scopes: string[]) => {
  const res = await post('/api/v1/api-keys', a.as.admin, {
    name: `${scopes.join('+')} ${++keys}`,
    scopes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { 'x-api-key': res.json<CreatedApiKey>().key };
};
const shareholders = { objectName: 'Shareholder__c', fields: 'Id,Name', filter: 'Active=true' };
/** The registry's shareholders, asked with a new gateway + ledger:read key for an organization. */
const queryWithGatewayKey = async (organizationId: string) => {
  const gateway = await keyWith(['gateway', 'ledger:read']);
  const headers = { ...gateway, 'x-organization-id': organizationId };
  return post('/api/v1/registry/query', headers, shareholders);
};

describe('who may call the gateway', () => {
  it('answers anonymous callers 401 on every provider and operation', async () => {
    for (const provider of gatewayProviders)
      for (const operation of gatewayOperations) {
        const url = `/api/v1/${provider}/${operation}`;
        expect((await post(url, {}, shareholders)).statusCode, url).toBe(401);
      }
    expect((await post('/api/v1/salesforce/custom-rest', {}, {})).statusCode).toBe(401);
  });

  it('lets shareholders only query the registry: every other provider, operation and write is 403', async () => {
    for (const provider of gatewayProviders)
      for (const operation of gatewayOperations) {
        if (provider === 'registry' && operation === 'query') continue;
        const url = `/api/v1/${provider}/${operation}`;
        expect((await post(url, a.as.alice, shareholders)).statusCode, url).toBe(403);
      }
    expect((await post('/api/v1/salesforce/custom-rest', a.as.bob, {})).statusCode).toBe(403);
    const other = await post('/api/v1/registry/query', a.as.alice, { objectName: 'Account' });
    expect(other.statusCode).toBe(403);
  });

  it('lets keys with the gateway scope in, with x-organization-id, and keeps other keys out', async () => {
    const res = await queryWithGatewayKey(a.organization.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ totalSize: number }>().totalSize).toBe(4);
    const ledgerOnly = await keyWith(['ledger:read', 'ledger:write']);
    expect((await post('/api/v1/registry/query', ledgerOnly, shareholders)).statusCode).toBe(403);
  });

  it('refuses another organization named in the header or the body', async () => {
    const header = await queryWithGatewayKey(b.organization.id);
    expect(header.statusCode).toBe(403);
    const body = await post('/api/v1/registry/query', a.as.admin, {
      ...shareholders,
      organizationId: b.organization.id,
    });
    expectErrorAnswerLike(body, 403, {
      code: 'AUTH.ORGANIZATION_MISMATCH',
      field: 'organizationId',
    });
  });
});

describe('the gateway scope is no wider than the ledger scopes (issue 23)', () => {
  const transfer = () => ({
    objectName: 'Share_Transaction__c',
    data: {
      ShareholderId: a.bob.id,
      DestinationShareholderId: a.alice.id,
      ShareDate: '2024-02-01',
      Shares: '1',
      Type: 'Transfer',
      Origin: [a.certificates.cs3],
    },
  });
  const insert = (headers: Record<string, string>) =>
    post('/api/v1/registry/insert', { ...headers, 'idempotency-key': randomUUID() }, transfer());
  const update = (headers: Record<string, string>) =>
    post('/api/v1/registry/update', headers, {
      objectName: 'Shareholder__c',
      id: a.alice.id,
      data: { City__c: 'Albany' },
    });

  it('refuses a gateway-only key the registry’s reads and writes', async () => {
    const gateway = await keyWith(['gateway']);
    for (const objectName of ['Shareholder__c', 'Share__c', 'Share_Transaction__c'])
      expectErrorAnswerLike(await post('/api/v1/registry/query', gateway, { objectName }), 403, {
        code: 'AUTH.FORBIDDEN',
      });
    expect((await post('/api/v1/registry/search', gateway, { searchTerm: 'Ali' })).statusCode).toBe(
      403,
    );
    expect((await insert(gateway)).statusCode).toBe(403);
    expect((await update(gateway)).statusCode).toBe(403);
    const [bob] = await rows<{ balance: string }>(
      a.db,
      sql`select balance::text from shareholder where id = ${a.bob.id}`,
    );
    expect(bob!.balance).toBe('10.00');
  });

  it('lets gateway + ledger:read read, and only gateway + ledger:write write', async () => {
    const reader = await keyWith(['gateway', 'ledger:read']);
    const read = await post('/api/v1/registry/query', reader, {
      objectName: 'Shareholder__c',
      fields: 'Id,Email__c,Phone_Number__c',
    });
    expect(read.statusCode, read.body).toBe(200);
    expect((await post('/api/v1/registry/search', reader, { searchTerm: 'Ali' })).statusCode).toBe(
      200,
    );
    expect((await insert(reader)).statusCode).toBe(403);
    const writer = await keyWith(['gateway', 'ledger:write']);
    expect(
      (await post('/api/v1/registry/query', writer, { objectName: 'Share__c' })).statusCode,
    ).toBe(403);
    const inserted = await insert(writer);
    expect(inserted.statusCode, inserted.body).toBe(200);
    expect((await update(writer)).statusCode).toBe(200);
  });

  it('leaves the other providers to the gateway scope alone', async () => {
    const gateway = await keyWith(['gateway']);
    const res = await post('/api/v1/hubspot/query', gateway, shareholders);
    expect(res.statusCode).toBe(501);
  });
});

describe('a shareholder’s registry query (the spec’s shareholder load)', () => {
  const asAlice = async (body: Record<string, unknown>) => {
    const res = await post('/api/v1/registry/query', a.as.alice, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ totalSize: number; records: Array<Record<string, unknown>> }>();
  };

  it('answers the load with their own holder only', async () => {
    const answer = await asAlice({
      objectName: 'Shareholder__c',
      fields: 'Id,Name,Email__c,Is_Admin__c',
      filter: 'Active=true',
    });
    expect(answer.totalSize).toBe(1);
    expect(answer.records).toEqual([
      {
        attributes: { type: 'Shareholder__c' },
        Id: a.alice.id,
        Name: 'Alice',
        Email__c: a.alice.email,
        Is_Admin__c: false,
      },
    ]);
    const probing = await asAlice({ objectName: 'Shareholder__c', filter: { Id: a.bob.id } });
    expect(probing.records).toEqual([]);
  });

  it('answers their own certificates and transactions only', async () => {
    const shares = await asAlice({ objectName: 'Share__c', fields: 'Id,Shareholder__c' });
    const hers = await rows<{ id: string }>(
      a.db,
      sql`select id from certificate where holder_id = ${a.alice.id} order by id`,
    );
    expect(hers.map((c) => c.id)).toContain(a.certificates.cs1);
    expect(shares.records.map((r) => r.Id).sort()).toEqual(hers.map((c) => c.id).sort());
    const transactions = await asAlice({
      objectName: 'Share_Transaction__c',
      fields: 'Id,Shareholder__c,Share__c',
    });
    expect(transactions.records.length).toBeGreaterThan(0);
    expect(new Set(transactions.records.map((r) => r.Shareholder__c))).toEqual(
      new Set([a.alice.id]),
    );
    const bobs = await asAlice({ objectName: 'Share__c', filter: { Id: a.certificates.cs3 } });
    expect(bobs.totalSize).toBe(0);
  });

  it('runs as the spec’s client sends it, signed in with the company’s key attached: both must allow, and the answer is still their own', async () => {
    const headers = {
      ...a.as.alice,
      ...(await keyWith(['gateway', 'ledger:read'])),
      'x-organization-id': a.organization.id,
    };
    const res = await post('/api/v1/registry/query', headers, shareholders);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ records: Array<{ Id: string }> }>().records.map((r) => r.Id)).toEqual([
      a.alice.id,
    ]);
    const narrow = { ...a.as.alice, ...(await keyWith(['gateway'])) };
    expect((await post('/api/v1/registry/query', narrow, shareholders)).statusCode).toBe(403);
    const write = await post('/api/v1/registry/update', headers, {
      objectName: 'Shareholder__c',
      Id: a.alice.id,
      City__c: 'Nowhere',
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('providers', () => {
  it('answers 501 with the configured providers for a recognised provider that is not set up', async () => {
    for (const provider of gatewayProviders.filter((p) => p !== 'registry')) {
      const res = await post(`/api/v1/${provider}/query`, a.as.admin, shareholders);
      expect(res.statusCode, provider).toBe(501);
      expect(res.json()).toMatchObject({
        code: 'GATEWAY.PROVIDER_NOT_CONFIGURED',
        details: { provider, configured: ['registry'] },
      });
    }
    const rest = await post('/api/v1/salesforce/custom-rest', a.as.admin, {
      method: 'GET',
      endpoint: 'x',
    });
    expect(rest.statusCode).toBe(501);
    const importing = await post('/api/v1/import/salesforce', a.as.admin, { dryRun: true });
    expect(importing.statusCode).toBe(501);
    expect(importing.json()).toMatchObject({
      code: 'GATEWAY.PROVIDER_NOT_CONFIGURED',
      message: expect.stringContaining('SALESFORCE_CLIENT_ID'),
    });
  });

  it('tells the Import page on arrival that no Salesforce org is connected (administrators)', async () => {
    const status = await injectJson(t, 'GET', '/api/v1/import/salesforce', a.as.admin);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual({ connected: false });
    expect((await injectJson(t, 'GET', '/api/v1/import/salesforce', a.as.alice)).statusCode).toBe(
      403,
    );
    expect((await injectJson(t, 'GET', '/api/v1/import/salesforce', {})).statusCode).toBe(401);
  });

  it('answers 400 naming the provider for an unknown one, and 404 for an unknown operation', async () => {
    for (const url of ['/api/v1/oracle/query', '/api/v1/SALESFORCE/query'])
      expectErrorAnswerLike(await post(url, a.as.admin, shareholders), 400, {
        code: 'HTTP.VALIDATION',
        field: 'provider',
      });
    const res = await post('/api/v1/registry/upsert', a.as.admin, shareholders);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
