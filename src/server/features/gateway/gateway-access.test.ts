import { describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../../contract/api-keys';
import { gatewayOperations, gatewayProviders } from '../../../contract/gateway';
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
/** The registry's shareholders, asked with a new key of the gateway scope for an organization. */
const queryWithGatewayKey = async (organizationId: string) => {
  const gateway = await keyWith(['gateway']);
  const headers = { ...gateway, 'x-organization-id': organizationId };
  return post('/api/v1/registry/query', headers, shareholders);
};

describe('who may call the gateway', () => {
  it('answers anonymous callers 401 and shareholders 403 on every provider and operation', async () => {
    for (const provider of gatewayProviders)
      for (const operation of gatewayOperations) {
        const url = `/api/v1/${provider}/${operation}`;
        expect((await post(url, {}, shareholders)).statusCode, url).toBe(401);
        expect((await post(url, a.as.alice, shareholders)).statusCode, url).toBe(403);
      }
    expect((await post('/api/v1/salesforce/custom-rest', {}, {})).statusCode).toBe(401);
    expect((await post('/api/v1/salesforce/custom-rest', a.as.bob, {})).statusCode).toBe(403);
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

  it('answers 404 for an unknown provider or operation', async () => {
    for (const url of [
      '/api/v1/oracle/query',
      '/api/v1/registry/upsert',
      '/api/v1/SALESFORCE/query',
    ]) {
      const res = await post(url, a.as.admin, shareholders);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    }
  });
});
