import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusForCode } from '../http/error-status';
import { startSalesforceServer, type SalesforceServer } from '../test-support/salesforce-server';
import { SalesforceClient, salesforceError } from './salesforce-client';

let sf: SalesforceServer;
let client: SalesforceClient;
const settings = () => ({
  loginUrl: sf.url,
  clientId: sf.clientId,
  clientSecret: sf.clientSecret,
  apiVersion: 'v62.0',
});
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) =>
      e as { code: string; message: string; field?: string; details?: Record<string, unknown> },
  );

beforeAll(async () => {
  sf = await startSalesforceServer();
  sf.seed(
    'Item__c',
    Array.from({ length: 7 }, (_, i) => ({ Name: `Item ${i}`, N__c: i, Note__c: null })),
  );
  client = new SalesforceClient(settings());
});
afterAll(() => sf.close());
beforeEach(() => {
  sf.setBatchSize(2000);
  sf.setDelay(0);
});

const queries = () => sf.requests.filter((r) => r.includes('/query')).length;

describe('the token', () => {
  it('is asked for once and shared by many calls, concurrent ones included', async () => {
    const fresh = new SalesforceClient(settings());
    const before = sf.tokenRequests();
    await Promise.all(Array.from({ length: 5 }, () => fresh.query('SELECT Id FROM Item__c')));
    await fresh.search('FIND {Item} IN ALL FIELDS LIMIT 1');
    expect(sf.tokenRequests() - before).toBe(1);
  });

  it('is renewed once after a 401 INVALID_SESSION_ID, and the request repeated', async () => {
    await client.query('SELECT Id FROM Item__c');
    const before = sf.tokenRequests();
    sf.expireTokens();
    const answer = await client.query('SELECT Name FROM Item__c WHERE N__c = 3');
    expect(answer.records.map((r) => r.Name)).toEqual(['Item 3']);
    expect(sf.tokenRequests() - before).toBe(1);
  });

  it('renews once for many requests that met the same expired token together', async () => {
    const shared = new SalesforceClient(settings());
    await shared.query('SELECT Id FROM Item__c');
    sf.expireTokens();
    const before = sf.tokenRequests();
    await Promise.all(Array.from({ length: 5 }, () => shared.query('SELECT Id FROM Item__c')));
    expect(sf.tokenRequests() - before).toBe(1);
  });

  it('answers 502 GATEWAY.UPSTREAM_AUTH when the credentials are refused, never echoing them', async () => {
    const wrong = new SalesforceClient({ ...settings(), clientSecret: 'wrong-secret-42' });
    const err = await failure(wrong.query('SELECT Id FROM Item__c'));
    expect(err).toMatchObject({ code: 'GATEWAY.UPSTREAM_AUTH', details: { status: 400 } });
    expect(err.message).toContain('credentials');
    expect(statusForCode(err.code)).toBe(502);
    expect(JSON.stringify(err) + err.message).not.toContain('wrong-secret-42');
  });
});

describe('query', () => {
  // A valid token first, so that the requests counted below are the pages only.
  beforeEach(async () => {
    await client.query('SELECT Id FROM Item__c LIMIT 1');
  });

  it('follows nextRecordsUrl to the end: batch 3, 7 records, 3 requests', async () => {
    sf.setBatchSize(3);
    const before = queries();
    const answer = await client.query('SELECT N__c FROM Item__c ORDER BY N__c');
    expect(answer.done).toBe(true);
    expect(answer.totalSize).toBe(7);
    expect(answer.records.map((r) => r.N__c)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(answer.records[0]!.attributes).toMatchObject({ type: 'Item__c' });
    expect(queries() - before).toBe(3);
  });

  it.each([
    [4, 4, false, 2],
    [6, 6, false, 2],
    [7, 7, true, 3],
    [100, 7, true, 3],
  ])('stops at maxRecords %i: %i records, done %s, %i requests', async (max, n, done, requests) => {
    sf.setBatchSize(3);
    const before = queries();
    const answer = await client.query('SELECT N__c FROM Item__c ORDER BY N__c', {
      maxRecords: max,
    });
    expect(answer).toMatchObject({ totalSize: 7, done });
    expect(answer.records.map((r) => r.N__c)).toEqual([0, 1, 2, 3, 4, 5, 6].slice(0, n));
    expect(queries() - before).toBe(requests);
  });

  it('says it is not done when the last page read holds more than maxRecords', async () => {
    sf.setBatchSize(3);
    const soql = 'SELECT N__c FROM Item__c ORDER BY N__c LIMIT 6';
    const answer = await client.query(soql, { maxRecords: 4 });
    expect(answer).toMatchObject({ totalSize: 6, done: false });
    expect(answer.records.map((r) => r.N__c)).toEqual([0, 1, 2, 3]);
    expect((await client.query(soql, { maxRecords: 6 })).done).toBe(true);
  });

  it.each([
    ['SELECT Id FROM Item__c WHERE', 'MALFORMED_QUERY'],
    ['SELECT Nope__c FROM Item__c', 'INVALID_FIELD'],
    ['SELECT Id FROM Nothing__c', 'INVALID_TYPE'],
  ])('answers %s as 422 GATEWAY.REJECTED %s with Salesforce’s message', async (soql, errorCode) => {
    const err = await failure(client.query(soql));
    expect(err).toMatchObject({
      code: 'GATEWAY.REJECTED',
      details: { provider: 'salesforce', errorCode, status: 400 },
    });
    expect(err.message).not.toBe('');
    expect(statusForCode(err.code)).toBe(422);
  });
});

describe('sobjects, search and Apex REST', () => {
  it('creates, updates and deletes a record', async () => {
    const created = await client.create('Item__c', { Name: 'Fresh', N__c: 99 });
    expect(created).toEqual({
      id: expect.stringMatching(/^a01\w{15}$/),
      success: true,
      errors: [],
    });
    expect(sf.records('Item__c').find((r) => r.Id === created.id)).toMatchObject({
      Name: 'Fresh',
      N__c: 99,
    });
    await client.update('Item__c', created.id, { Name: 'Renamed' });
    expect(sf.records('Item__c').find((r) => r.Id === created.id)!.Name).toBe('Renamed');
    await client.destroy('Item__c', created.id);
    expect(sf.records('Item__c').some((r) => r.Id === created.id)).toBe(false);
    const again = await failure(client.destroy('Item__c', created.id));
    expect(again).toMatchObject({
      code: 'GATEWAY.NOT_FOUND',
      message: 'The requested resource does not exist',
      details: { errorCode: 'NOT_FOUND', status: 404 },
    });
    expect(statusForCode(again.code)).toBe(404);
  });

  it('refuses what Salesforce refuses as 422, and names and ids that are not identifiers as 400', async () => {
    const field = await failure(client.create('Item__c', { Nope__c: 1 }));
    expect(field).toMatchObject({
      code: 'GATEWAY.REJECTED',
      details: { errorCode: 'INVALID_FIELD' },
    });
    const missing = await failure(client.create('Nothing__c', { Name: 'x' }));
    expect(missing.code).toBe('GATEWAY.NOT_FOUND');
    for (const [call, at] of [
      [() => client.create('Item__c/../../query', {}), 'objectName'],
      [() => client.create('Parent.Item__c', {}), 'objectName'],
      [() => client.update('Item__c', "a01' OR 1=1", {}), 'id'],
      [() => client.destroy('Item__c', 'a01000000000001AAA/x'), 'id'],
    ] as const)
      expect(await failure(call())).toMatchObject({ code: 'HTTP.VALIDATION', field: at });
  });

  it('searches with SOSL', async () => {
    const answer = await client.search('FIND {Item 4} IN ALL FIELDS RETURNING Item__c(Name, N__c)');
    expect(answer.searchRecords).toEqual([
      expect.objectContaining({
        attributes: expect.objectContaining({ type: 'Item__c' }),
        Name: 'Item 4',
        N__c: 4,
      }),
    ]);
  });

  it('calls Apex REST with GET parameters, a POST body, and maps its failures', async () => {
    sf.apex('GET', 'registry/v1/items', (_body, params) => ({
      n: params.get('n'),
      flag: params.get('flag'),
    }));
    sf.apex('POST', 'registry/v1/items', (body) => ({ received: body }));
    sf.apex('DELETE', 'registry/v1/items', () => {
      throw new Error('System.LimitException: too many');
    });
    expect(await client.apexRest('GET', '/registry/v1/items', { n: 3, flag: true })).toEqual({
      n: '3',
      flag: 'true',
    });
    expect(await client.apexRest('POST', 'registry/v1/items', { a: [1, 2] })).toEqual({
      received: { a: [1, 2] },
    });
    const apexError = await failure(client.apexRest('DELETE', 'registry/v1/items'));
    expect(apexError).toMatchObject({
      code: 'GATEWAY.UPSTREAM_ERROR',
      message: 'System.LimitException: too many',
      details: { errorCode: 'APEX_ERROR', status: 500 },
    });
    expect(statusForCode(apexError.code)).toBe(502);
    expect((await failure(client.apexRest('GET', 'registry/v1/none'))).code).toBe(
      'GATEWAY.NOT_FOUND',
    );
    for (const endpoint of ['../data/v62.0/query', 'a/./b', 'a?b=1'])
      expect(await failure(client.apexRest('GET', endpoint))).toMatchObject({ field: 'endpoint' });
    expect(
      await failure(client.apexRest('GET', 'registry/v1/items', { deep: { a: 1 } })),
    ).toMatchObject({ field: 'data' });
  });
});

describe('failures on the way', () => {
  it('times out after the client’s timeout: 504 GATEWAY.UPSTREAM_TIMEOUT', async () => {
    const quick = new SalesforceClient({ ...settings(), timeoutMs: 200 });
    await quick.query('SELECT Id FROM Item__c');
    sf.setDelay(1000);
    const started = Date.now();
    const err = await failure(quick.query('SELECT Id FROM Item__c'));
    expect(Date.now() - started).toBeLessThan(900);
    expect(err).toMatchObject({
      code: 'GATEWAY.UPSTREAM_TIMEOUT',
      message: 'Salesforce did not answer within 0.2 seconds.',
    });
    expect(statusForCode(err.code)).toBe(504);
  });

  it('answers 502 GATEWAY.UPSTREAM_UNAVAILABLE when Salesforce cannot be reached', async () => {
    const nowhere = new SalesforceClient({ ...settings(), loginUrl: 'http://127.0.0.1:1' });
    const err = await failure(nowhere.query('SELECT Id FROM Item__c'));
    expect(err.code).toBe('GATEWAY.UPSTREAM_UNAVAILABLE');
    expect(statusForCode(err.code)).toBe(502);
  });

  it.each<[string, number, unknown, string]>([
    [
      'FIELD_CUSTOM_VALIDATION_EXCEPTION',
      400,
      [
        {
          message: 'Zip is wrong',
          errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
          fields: ['Zip__c'],
        },
      ],
      'GATEWAY.REJECTED',
    ],
    [
      'REQUIRED_FIELD_MISSING',
      400,
      [
        {
          message: 'Required fields are missing: [Name]',
          errorCode: 'REQUIRED_FIELD_MISSING',
          fields: ['Name'],
        },
      ],
      'GATEWAY.REJECTED',
    ],
    [
      'INVALID_FIELD_FOR_INSERT_UPDATE',
      400,
      [
        {
          message: 'Unable to create/update fields: Id.',
          errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
        },
      ],
      'GATEWAY.REJECTED',
    ],
    [
      'STRING_TOO_LONG',
      400,
      [{ message: 'Name: data value too large', errorCode: 'STRING_TOO_LONG' }],
      'GATEWAY.REJECTED',
    ],
    [
      'NOT_FOUND',
      404,
      [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }],
      'GATEWAY.NOT_FOUND',
    ],
    [
      'REQUEST_LIMIT_EXCEEDED',
      403,
      [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }],
      'GATEWAY.UPSTREAM_ERROR',
    ],
    ['a body that is not Salesforce’s', 503, null, 'GATEWAY.UPSTREAM_ERROR'],
  ])('maps %s to its code', (_, status, body, code) => {
    const err = salesforceError(status, body);
    expect(err.code).toBe(code);
    const first = Array.isArray(body)
      ? (body[0] as { message: string; errorCode: string; fields?: string[] })
      : undefined;
    expect(err.message).toBe(first?.message ?? `Salesforce answered ${status}.`);
    expect(err.details).toEqual({
      provider: 'salesforce',
      errorCode: first?.errorCode ?? `HTTP_${status}`,
      status,
      ...(first?.fields && { fields: first.fields }),
    });
  });
});

describe('a Salesforce that misbehaves', () => {
  let fake: Server;
  let fakeUrl = '';
  let answers: { token: unknown; query: unknown; status: number };
  let seen: string[] = [];
  beforeAll(async () => {
    fake = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      const isToken = req.url === '/services/oauth2/token';
      res.writeHead(isToken ? 200 : answers.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(isToken ? answers.token : answers.query));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));
  beforeEach(() => {
    seen = [];
    answers = { token: { access_token: 'tok-123', instance_url: fakeUrl }, query: {}, status: 200 };
  });
  const fakeClient = () => new SalesforceClient({ ...settings(), loginUrl: fakeUrl });

  it('never sends its token to a nextRecordsUrl outside /services/data', async () => {
    answers.query = {
      totalSize: 2,
      done: false,
      nextRecordsUrl: '@evil.example/steal',
      records: [{}],
    };
    const err = await failure(fakeClient().query('SELECT Id FROM X'));
    expect(err.code).toBe('GATEWAY.UPSTREAM_ERROR');
    expect(seen.filter((s) => s.includes('evil'))).toEqual([]);
  });

  it('refuses a query answer without records', async () => {
    answers.query = { hello: 'proxy' };
    expect((await failure(fakeClient().query('SELECT Id FROM X'))).code).toBe(
      'GATEWAY.UPSTREAM_ERROR',
    );
  });

  it('refuses an instance_url that is not a plain origin', async () => {
    answers.token = { access_token: 'tok-123', instance_url: 'https://evil.example/path?x=' };
    expect((await failure(fakeClient().query('SELECT Id FROM X'))).code).toBe(
      'GATEWAY.UPSTREAM_AUTH',
    );
  });

  it('renews once only: a second 401 is GATEWAY.UPSTREAM_AUTH, the token in no message', async () => {
    answers.status = 401;
    answers.query = [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }];
    const err = await failure(fakeClient().query('SELECT Id FROM X'));
    expect(err.code).toBe('GATEWAY.UPSTREAM_AUTH');
    expect(seen.filter((s) => s.startsWith('POST /services/oauth2/token'))).toHaveLength(2);
    expect(seen.filter((s) => s.startsWith('GET '))).toHaveLength(2);
    expect(JSON.stringify(err) + err.message).not.toContain('tok-123');
  });

  it('answers an answer that is not JSON as GATEWAY.UPSTREAM_ERROR', async () => {
    const broken = createServer((_req, res) => res.end('<html>maintenance</html>'));
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    answers.token = {
      access_token: 'tok-123',
      instance_url: `http://127.0.0.1:${(broken.address() as AddressInfo).port}`,
    };
    try {
      expect((await failure(fakeClient().query('SELECT Id FROM X'))).code).toBe(
        'GATEWAY.UPSTREAM_ERROR',
      );
    } finally {
      await new Promise<void>((resolve) => broken.close(() => resolve()));
    }
  });
});
