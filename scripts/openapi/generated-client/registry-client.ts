// A client as a customer would write it: types generated from /docs/json by openapi-typescript,
// calls made with openapi-fetch, nothing of the registry's own code imported. Type-checked and
// run against a real server by registry-client.test.ts, which generates ./registry-api.d.ts
// first (into test-results/, never committed).
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../../test-results/generated-client/registry-api';

export type RegistryClient = Client<paths>;

/** The answer's data, or an Error carrying the API's {code, message} when it refused. */
function ok<T>(answer: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (answer.error !== undefined || answer.data === undefined) {
    const { code, message } = (answer.error ?? {}) as { code?: string; message?: string };
    throw new Error(`${what}: ${answer.response.status} ${code ?? ''} ${message ?? ''}`);
  }
  return answer.data;
}

/** Signs in with e-mail and password; every later call carries the access token. */
export async function signIn(baseUrl: string, username: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const tokens = ok(await client.POST('/auth/login', { body: { username, password } }), 'login');
  client.use({
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${tokens.accessToken}`);
      return request;
    },
  });
  return client;
}

/** The spec's userInfo: a POST with no body. */
export async function userInfo(client: RegistryClient) {
  return ok(await client.POST('/api/v1/userInfo'), 'userInfo');
}

/**
 * The spec's shareholder load: the CRM query for active Shareholder__c records through the
 * gateway (provider `registry`), following each answer's nextRecordsUrl until `done`.
 */
export async function loadShareholders(client: RegistryClient) {
  const provider = { provider: 'registry' as const };
  const body = {
    objectName: 'Shareholder__c',
    fields: 'Id,Name,Email__c,Common_Shares__c,Preferred_Shares__c,Is_Admin__c',
    filter: 'Active=true',
  };
  let page = ok(
    await client.POST('/api/v1/{provider}/query', { params: { path: provider }, body }),
    'shareholder load',
  );
  const records = [...page.records];
  while (!page.done && page.nextRecordsUrl) {
    const cursor = page.nextRecordsUrl.split('/').pop()!;
    const path = { ...provider, cursor };
    page = ok(await client.GET('/api/v1/{provider}/query/{cursor}', { params: { path } }), 'page');
    records.push(...page.records);
  }
  return records;
}

export async function statement(client: RegistryClient, holderId: string) {
  const params = { path: { id: holderId } };
  return ok(await client.GET('/api/v1/shareholders/{id}/statement', { params }), 'statement');
}

export interface Transfer {
  from: string;
  to: string;
  certificate: string;
  shares: string;
  date: string;
}

/** The spec's Transfer action, exactly once per Idempotency-Key: a retry sends the same key. */
export async function recordTransfer(client: RegistryClient, t: Transfer, idempotencyKey: string) {
  const answer = await client.POST('/api/v1/transactions', {
    params: { header: { 'idempotency-key': idempotencyKey } },
    body: {
      Type: 'Transfer',
      ShareholderId: t.from,
      DestinationShareholderId: t.to,
      Origin: [t.certificate],
      Shares: t.shares,
      ShareDate: t.date,
    },
  });
  return {
    operation: ok(answer, 'transfer'),
    replayed: answer.response.headers.get('Idempotent-Replayed') === 'true',
  };
}

/** The data API: a tenant created, then found again by a query. */
export async function createAndQueryTenant(client: RegistryClient, tenantKey: string) {
  const created = ok(
    await client.POST('/api/v1/mysql/create/{entity}', {
      params: { path: { entity: 'tenants' } },
      body: { tenant_key: tenantKey, name: `Tenant ${tenantKey}`, business_type: 'retail' },
    }),
    'create tenant',
  );
  const rows = ok(
    await client.POST('/api/v1/mysql/query', {
      body: { entity: 'tenants', fields: ['id', 'name'], filters: { tenant_key: tenantKey } },
    }),
    'data query',
  );
  return { created, rows };
}

/** The company ledger's transactions of one holder, newest first. */
export async function holderLedger(client: RegistryClient, holderId: string) {
  const query = { holderId, sort: 'date' as const, dir: 'desc' as const };
  return ok(await client.GET('/api/v1/ledger', { params: { query } }), 'ledger');
}

/** A correction: the operation's inverse, posted once per Idempotency-Key. */
export async function reverse(client: RegistryClient, operationId: string, key: string) {
  const answer = await client.POST('/api/v1/operations/{id}/reverse', {
    params: { path: { id: operationId }, header: { 'idempotency-key': key } },
    body: { Reason: 'Recorded by mistake' },
  });
  return ok(answer, 'reverse');
}

/** The cap table and the stockholder list of a date. */
export async function capTableOn(client: RegistryClient, asOf: string) {
  const query = { asOf };
  return {
    capTable: ok(await client.GET('/api/v1/cap-table', { params: { query } }), 'cap table'),
    list: ok(await client.GET('/api/v1/stockholder-list', { params: { query } }), 'list'),
  };
}

/** The cap table of a date as CSV, as a spreadsheet user downloads it. */
export async function capTableCsv(client: RegistryClient, asOf: string) {
  const params = { query: { asOf } };
  const answer = await client.GET('/api/v1/exports/cap-table.csv', { params, parseAs: 'text' });
  return ok(answer, 'cap table CSV');
}

/** The registry of a date as an Open Cap Format package (a zip). */
export async function ocfPackage(client: RegistryClient, asOf: string) {
  const params = { query: { asOf } };
  const answer = await client.GET('/api/v1/ocf/export', { params, parseAs: 'arrayBuffer' });
  return new Uint8Array(ok(answer, 'OCF export'));
}

/**
 * The holders template filled with one holder, previewed: what each row would do, nothing
 * written. The upload is multipart/form-data with its `file` part, as the document says.
 */
export async function previewHolders(client: RegistryClient, name: string, email: string) {
  const path = { file: 'holders.csv' as const };
  const template = ok(
    await client.GET('/api/v1/imports/templates/{file}', { params: { path }, parseAs: 'text' }),
    'template',
  );
  const header = template.split(/\r?\n/)[0]!;
  const row = header
    .split(',')
    .map((column) => (column === 'Name' ? name : column === 'Email' ? email : ''));
  const csv = `${header}\n${row.join(',')}\n`;
  const answer = await client.POST('/api/v1/imports', {
    params: { query: { kind: 'holders' } },
    body: { file: csv },
    bodySerializer(body) {
      const form = new FormData();
      form.append('file', new Blob([body.file], { type: 'text/csv' }), 'holders.csv');
      return form;
    },
  });
  return ok(answer, 'import preview');
}
