import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { salesforceId, startSalesforceServer, type SalesforceServer } from './salesforce-server';

let sf: SalesforceServer;
let token: string;

type Row = Record<string, unknown>;
/** An answer's body as these tests read it: a page, a record, a search or an error list. */
interface Body extends Row {
  id?: string;
  totalSize?: number;
  done?: boolean;
  nextRecordsUrl?: string;
  records?: Row[];
  searchRecords?: Row[];
}
const errorCodeOf = (body: unknown) => (body as Array<{ errorCode: string }>)[0]?.errorCode;

const contacts = (
  [
    ['003000000000001AAA', 'Ann Archer', 'ann@example.test', 30, true, '2020-01-15'],
    ['003000000000002AAA', 'Ben Baker', 'ben@example.test', 10, false, '2021-06-01'],
    ['003000000000003AAA', "Cy O'Hara", null, 20, true, '2019-03-09'],
    ['003000000000004AAA', '50% off_sale', 'deals@example.test', 40, true, null],
    ['003000000000005AAA', 'back\\slash', 'bs@example.test', 5, false, '2022-12-31'],
  ] as const
).map(([Id, Name, Email, Score__c, Active__c, Since__c]) => ({
  Id,
  Name,
  Email,
  Score__c,
  Active__c,
  Since__c,
}));
/** A record as Salesforce answers it: its attributes first. */
const answered = (Id: string, fields: Row) => ({
  attributes: { type: 'Contact', url: `/services/data/v62.0/sobjects/Contact/${Id}` },
  Id,
  ...fields,
});

async function newToken(): Promise<string> {
  const res = await fetch(`${sf.url}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: sf.clientId,
      client_secret: sf.clientSecret,
    }).toString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api(path: string, init: { method?: string; body?: unknown; auth?: string } = {}) {
  const res = await fetch(`${sf.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.auth ?? token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as Body };
}

const query = (soql: string) => api(`/services/data/v62.0/query?q=${encodeURIComponent(soql)}`);
const names = async (where: string) => {
  const res = await query(`SELECT Name FROM Contact WHERE ${where} ORDER BY Name`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.records!.map((r) => r.Name);
};

beforeAll(async () => {
  sf = await startSalesforceServer();
  sf.seed('Contact', contacts);
  token = await newToken();
});
afterAll(() => sf.close());
beforeEach(() => sf.setBatchSize(2000));

describe('the OAuth 2.0 client-credentials token', () => {
  it('answers Salesforce’s token shape and counts the requests', async () => {
    const before = sf.tokenRequests();
    const res = await fetch(`${sf.url}/services/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=${sf.clientId}&client_secret=${sf.clientSecret}`,
    });
    const body = (await res.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(
      ['access_token', 'id', 'instance_url', 'issued_at', 'signature', 'token_type'].sort(),
    );
    expect(body).toMatchObject({ instance_url: sf.url, token_type: 'Bearer' });
    expect(body.id).toMatch(new RegExp(`^${sf.url}/id/00D\\w{15}/005\\w{15}$`));
    expect(sf.tokenRequests() - before).toBe(1);
  });

  it.each([
    ['a wrong secret', { client_secret: 'nope' }, 'invalid_client'],
    ['a wrong client id', { client_id: 'nope' }, 'invalid_client'],
    ['another grant', { grant_type: 'password' }, 'unsupported_grant_type'],
  ])('refuses %s with 400 and an OAuth error', async (_, change, error) => {
    const form = {
      grant_type: 'client_credentials',
      client_id: sf.clientId,
      client_secret: sf.clientSecret,
      ...change,
    };
    const res = await fetch(`${sf.url}/services/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error, error_description: expect.any(String) });
  });

  it('answers 401 INVALID_SESSION_ID without a token, with an unknown one, and once expired', async () => {
    const session = [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }];
    const missing = await fetch(`${sf.url}/services/data/v62.0/query?q=SELECT+Id+FROM+Contact`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual(session);
    expect(await api('/services/apexrest/anything', { auth: 'forged' })).toEqual({
      status: 401,
      body: session,
    });
    const mine = await newToken();
    expect(
      (await api('/services/data/v62.0/sobjects/Contact/003000000000001AAA', { auth: mine }))
        .status,
    ).toBe(200);
    sf.expireTokens();
    expect(
      (await api('/services/data/v62.0/sobjects/Contact/003000000000001AAA', { auth: mine }))
        .status,
    ).toBe(401);
    token = await newToken();
  });
});

describe('SOQL', () => {
  it('selects, filters, orders and pages records with Salesforce’s attributes', async () => {
    const res = await query(
      'SELECT Id, Name FROM Contact WHERE Active__c = true AND Score__c >= 20 ORDER BY Score__c DESC LIMIT 2 OFFSET 1',
    );
    expect(res.body).toEqual({
      totalSize: 2,
      done: true,
      records: [
        answered('003000000000001AAA', { Name: 'Ann Archer' }),
        answered('003000000000003AAA', { Name: "Cy O'Hara" }),
      ],
    });
  });

  it.each([
    ["Name = 'ann archer'", ['Ann Archer']],
    ["Name != 'Ann Archer' AND Score__c < 20", ['back\\slash', 'Ben Baker']],
    ["Name = 'Cy O\\'Hara'", ["Cy O'Hara"]],
    ["Name = 'back\\\\slash'", ['back\\slash']],
    ["Name LIKE '%\\%%'", ['50% off_sale']],
    ["Name LIKE '%f\\_s%'", ['50% off_sale']],
    ["Name LIKE 'b%'", ['back\\slash', 'Ben Baker']],
    ["Name LIKE '_en%'", ['Ben Baker']],
    ['Email = null', ["Cy O'Hara"]],
    ['Email != null AND Active__c = false', ['back\\slash', 'Ben Baker']],
    ['Score__c IN (10, 40)', ['50% off_sale', 'Ben Baker']],
    ["Name NOT IN ('Ann Archer', 'Ben Baker') AND Score__c > 5", ['50% off_sale', "Cy O'Hara"]],
    ['Since__c > 2020-12-31', ['back\\slash', 'Ben Baker']],
    ['(Score__c <= 10 OR Score__c > 35) AND Active__c = true', ['50% off_sale']],
    ["NOT Name LIKE '%an%'", ['50% off_sale', 'back\\slash', 'Ben Baker', "Cy O'Hara"]],
    ['Score__c = 30 OR (Score__c = 20 AND Active__c = true)', ['Ann Archer', "Cy O'Hara"]],
    ['score__c = 10', ['Ben Baker']],
  ])('WHERE %s', async (where, expected) => {
    expect(await names(where)).toEqual(expected);
  });

  it('orders by several fields, nulls first', async () => {
    const res = await query('SELECT Since__c FROM Contact ORDER BY Since__c ASC, Name DESC');
    expect(res.body.records!.map((r) => r.Since__c)).toEqual([
      null,
      '2019-03-09',
      '2020-01-15',
      '2021-06-01',
      '2022-12-31',
    ]);
  });

  it.each([
    'SELECT FROM Contact',
    'SELECT Id Contact',
    "SELECT Id FROM Contact WHERE Name = 'open",
    "SELECT Id FROM Contact WHERE Name = 'a' OR Name = 'b' AND Score__c = 1",
    "SELECT Id FROM Contact WHERE Name = 'a\\x'",
    "SELECT Id FROM Contact WHERE Name = 'a\\%'",
    'SELECT Id FROM Contact WHERE Score__c = 1e3',
    'SELECT Id FROM Contact WHERE (Score__c = 1',
    'SELECT Id FROM Contact WHERE Score__c ~ 1',
    'SELECT Id FROM Contact LIMIT ten',
    'SELECT Id FROM Contact LIMIT 5 extra',
    'SELECT Id FROM Contact WHERE Name LIKE 5',
    'SELECT Id FROM Contact; DELETE',
  ])('refuses %s as MALFORMED_QUERY', async (soql) => {
    const res = await query(soql);
    expect(res.status).toBe(400);
    expect(res.body).toEqual([{ message: expect.any(String), errorCode: 'MALFORMED_QUERY' }]);
  });

  it('refuses an unknown field as INVALID_FIELD and an unknown object as INVALID_TYPE', async () => {
    for (const soql of [
      'SELECT Nope__c FROM Contact',
      "SELECT Id FROM Contact WHERE Nope__c = 'x'",
      'SELECT Id FROM Contact ORDER BY Nope__c',
    ])
      expect(await query(soql)).toEqual({
        status: 400,
        body: [{ message: "No such column 'Nope__c'", errorCode: 'INVALID_FIELD' }],
      });
    const type = await query('SELECT Id FROM Nothing__c');
    expect(errorCodeOf(type.body)).toBe('INVALID_TYPE');
  });

  it('pages with nextRecordsUrl, each locator read once, totalSize the whole count', async () => {
    sf.seed(
      'Page__c',
      Array.from({ length: 7 }, (_, i) => ({ Name: `P${i}`, N__c: i })),
    );
    sf.setBatchSize(3);
    const first = await query('SELECT N__c FROM Page__c ORDER BY N__c');
    expect(first.body).toMatchObject({ totalSize: 7, done: false });
    expect(first.body.records!.map((r) => r.N__c)).toEqual([0, 1, 2]);
    expect(first.body.nextRecordsUrl).toMatch(/^\/services\/data\/v62\.0\/query\/01g[\w]+-3$/);
    const second = await api(first.body.nextRecordsUrl!);
    expect(second.body).toMatchObject({ totalSize: 7, done: false });
    const third = await api(second.body.nextRecordsUrl!);
    expect(third.body).toMatchObject({ totalSize: 7, done: true });
    expect(third.body.nextRecordsUrl).toBeUndefined();
    expect(third.body.records!.map((r) => r.N__c)).toEqual([6]);
    const again = await api(first.body.nextRecordsUrl!);
    expect(again).toMatchObject({ status: 400, body: [{ errorCode: 'INVALID_QUERY_LOCATOR' }] });
  });
});

describe('sobjects', () => {
  it('creates with an 18-character Id of the object’s prefix, reads, updates and deletes', async () => {
    sf.seed('Holder__c', [{ Name: 'Seeded', City__c: 'Paris' }]);
    const created = await api('/services/data/v62.0/sobjects/Holder__c/', {
      method: 'POST',
      body: { Name: 'New', City__c: 'Oslo' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^a0\w{16}$/),
      success: true,
      errors: [],
    });
    const id = created.body.id!;
    expect(id.slice(0, 3)).toBe((sf.records('Holder__c')[0]!.Id as string).slice(0, 3));
    expect(salesforceId(id.slice(0, 15))).toBe(id);
    const read = await api(`/services/data/v62.0/sobjects/Holder__c/${id}`);
    expect(read.body).toMatchObject({
      attributes: { type: 'Holder__c' },
      Id: id,
      Name: 'New',
      City__c: 'Oslo',
    });
    expect(read.body.CreatedDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/);
    const patched = await api(`/services/data/v62.0/sobjects/Holder__c/${id}`, {
      method: 'PATCH',
      body: { city__c: 'Rome' },
    });
    expect(patched).toEqual({ status: 204, body: null });
    expect(sf.records('Holder__c').find((r) => r.Id === id)).toMatchObject({ City__c: 'Rome' });
    expect(
      await api(`/services/data/v62.0/sobjects/Holder__c/${id}`, { method: 'DELETE' }),
    ).toEqual({ status: 204, body: null });
    expect(sf.records('Holder__c').map((r) => r.Name)).toEqual(['Seeded']);
  });

  it('answers 404 NOT_FOUND for an unknown id or object, and 400 for an unknown field', async () => {
    const missing = [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }];
    for (const method of ['GET', 'PATCH', 'DELETE'])
      expect(
        await api('/services/data/v62.0/sobjects/Contact/003000000000099AAA', {
          method,
          body: method === 'PATCH' ? {} : undefined,
        }),
      ).toEqual({ status: 404, body: missing });
    expect(
      (await api('/services/data/v62.0/sobjects/Nothing__c/', { method: 'POST', body: {} })).status,
    ).toBe(404);
    const unknown = await api('/services/data/v62.0/sobjects/Contact/', {
      method: 'POST',
      body: { Nope__c: 1 },
    });
    expect(unknown).toEqual({
      status: 400,
      body: [
        {
          errorCode: 'INVALID_FIELD',
          message: "No such column 'Nope__c' on sobject of type Contact",
        },
      ],
    });
    const system = await api('/services/data/v62.0/sobjects/Contact/003000000000001AAA', {
      method: 'PATCH',
      body: { Id: 'x' },
    });
    expect(errorCodeOf(system.body)).toBe('INVALID_FIELD_FOR_INSERT_UPDATE');
    const broken = await fetch(`${sf.url}/services/data/v62.0/sobjects/Contact/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"Name":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual([
      { errorCode: 'JSON_PARSER_ERROR', message: expect.any(String) },
    ]);
  });

  it('computes Salesforce’s case-safe checksum (documented Ids)', () => {
    expect(salesforceId('001D000000IRFma')).toBe('001D000000IRFmaIAH');
    expect(salesforceId('001D000000Iomaz')).toBe('001D000000IomazIAB');
    expect(salesforceId('a01000000000001')).toBe('a01000000000001AAA');
  });
});

describe('SOSL search and Apex REST', () => {
  const search = (sosl: string) => api(`/services/data/v62.0/search?q=${encodeURIComponent(sosl)}`);

  it('finds the term case-insensitively in text fields, returning the named fields', async () => {
    const res = await search(
      'FIND {EXAMPLE.test} IN ALL FIELDS RETURNING Contact(Id, Email) LIMIT 2',
    );
    expect(res.status).toBe(200);
    expect(res.body.searchRecords).toEqual([
      answered('003000000000001AAA', { Email: 'ann@example.test' }),
      answered('003000000000002AAA', { Email: 'ben@example.test' }),
    ]);
    const escaped = await search("FIND {Cy O\\'Hara} IN ALL FIELDS RETURNING Contact(Name)");
    expect(escaped.body.searchRecords!.map((r) => r.Name)).toEqual(["Cy O'Hara"]);
    const wildcard = await search('FIND {50% off*} IN ALL FIELDS RETURNING Contact(Name)');
    expect(wildcard.body.searchRecords).toEqual([
      expect.objectContaining({ Name: '50% off_sale' }),
    ]);
  });

  it.each([
    ['FIND {a} RETURNING Contact', 'MALFORMED_SEARCH'],
    ['FIND {a OR (b)} IN ALL FIELDS', 'MALFORMED_SEARCH'],
    ["FIND {it's} IN ALL FIELDS", 'MALFORMED_SEARCH'],
    ['FIND {a\\b} IN ALL FIELDS', 'MALFORMED_SEARCH'],
    ['FIND {open IN ALL FIELDS', 'MALFORMED_SEARCH'],
    ['FIND {a} IN ALL FIELDS RETURNING Contact(Nope__c)', 'INVALID_FIELD'],
    ['FIND {a} IN ALL FIELDS RETURNING Nothing__c(Id)', 'INVALID_TYPE'],
  ])('refuses %s as %s', async (sosl, errorCode) => {
    const res = await search(sosl);
    expect(res.status).toBe(400);
    expect(errorCodeOf(res.body)).toBe(errorCode);
  });

  it('answers the Apex REST handlers a test registers, with their params and body', async () => {
    sf.apex('GET', 'registry/v1/holders', (_body, params) => ({ city: params.get('city') }));
    sf.apex('POST', 'registry/v1/echo', (body) => ({ received: body }));
    sf.apex('DELETE', 'registry/v1/fail', () => {
      throw new Error('System.NullPointerException: boom');
    });
    expect((await api('/services/apexrest/registry/v1/holders?city=Oslo')).body).toEqual({
      city: 'Oslo',
    });
    expect(
      (await api('/services/apexrest/registry/v1/echo', { method: 'POST', body: { a: 1 } })).body,
    ).toEqual({ received: { a: 1 } });
    expect(await api('/services/apexrest/registry/v1/fail', { method: 'DELETE' })).toEqual({
      status: 500,
      body: [{ errorCode: 'APEX_ERROR', message: 'System.NullPointerException: boom' }],
    });
    const unknown = await api('/services/apexrest/registry/v1/echo');
    expect(unknown).toMatchObject({ status: 404, body: [{ errorCode: 'NOT_FOUND' }] });
  });

  it('waits the delay a test sets before answering', async () => {
    sf.setDelay(300);
    const started = Date.now();
    try {
      expect((await query('SELECT Id FROM Contact')).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      sf.setDelay(0);
    }
  });
});
