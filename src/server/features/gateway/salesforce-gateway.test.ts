import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GatewayQueryResponse } from '../../../contract/gateway';
import { rows } from '../../db/sql';
import { expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { useTestApp } from '../../test-support/use-test-app';
import { salesforceEnv, useSalesforceServer } from '../../test-support/use-salesforce-server';
import { SalesforceClient } from '../../salesforce/salesforce-client';

const sf = useSalesforceServer();
const t = useTestApp(() => ({ env: salesforceEnv(sf) }));
const a = useLedgerScenario(t);
beforeAll(() => {
  sf.seed(
    'Contact',
    Array.from({ length: 7 }, (_, i) => ({
      Id: `003000000000000${String(i).padStart(3, '0')}`,
      Name: `Contact ${i}`,
      Email: `c${i}@example.test`,
      Active__c: i % 2 === 0,
      Score__c: i * 10,
    })),
  );
});
beforeEach(() => sf.setBatchSize(2000));

const post = (url: string, payload: unknown, headers = a.as.admin) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      'idempotency-key': randomUUID(),
      ...headers,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(payload),
  });

describe('salesforce query', () => {
  it('turns the request into SOQL, answers Salesforce’s shape page by page, its nextRecordsUrl wrapped in ours', async () => {
    sf.setBatchSize(3);
    const res = await post('/api/v1/salesforce/query', {
      objectName: 'Contact',
      fields: 'Id,Name,Score__c',
      filter: 'Active__c=true',
      orderBy: 'Score__c DESC',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<GatewayQueryResponse>();
    expect(answer).toMatchObject({ totalSize: 4, done: false });
    expect(answer.records.map((r) => r.Score__c)).toEqual([60, 40, 20]);
    expect(answer.records[0]!.attributes).toMatchObject({ type: 'Contact' });
    expect(sf.statements.at(-1)).toBe(
      'SELECT Id, Name, Score__c FROM Contact WHERE Active__c = true ORDER BY Score__c DESC',
    );
    const next = await t.app.inject({
      method: 'GET',
      url: answer.nextRecordsUrl!,
      headers: a.as.admin,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json<GatewayQueryResponse>()).toMatchObject({ totalSize: 4, done: true });
    expect(next.json<GatewayQueryResponse>().records.map((r) => r.Score__c)).toEqual([0]);
    expect(next.json()).not.toHaveProperty('nextRecordsUrl');
  });

  it('stops following pages at the limit, and says it is not done', async () => {
    sf.setBatchSize(2);
    const client = new SalesforceClient({ ...t.config.salesforce! });
    const answer = await client.query('SELECT Id FROM Contact', { maxRecords: 3 });
    expect(answer.records).toHaveLength(3);
    expect(answer.done).toBe(false);
  });

  it('escapes every value: a hostile text is matched literally, never run', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 30 }), async (text) => {
        const res = await post('/api/v1/salesforce/query', {
          objectName: 'Contact',
          fields: ['Id'],
          filters: { $or: [{ Name: text }, { Email: { operator: 'LIKE', value: text } }] },
        });
        expect(res.statusCode, res.body).toBe(200);
        const found = res.json<GatewayQueryResponse>().records.length;
        const expected = sf
          .records('Contact')
          .filter(
            (r) => r.Name === text || String(r.Email).toLowerCase().includes(text.toLowerCase()),
          ).length;
        expect(found).toBe(expected);
      }),
      {
        numRuns: 60,
        examples: [["' OR Name != '"], ['%'], ['_'], ['\\'], ["\\' OR Id != null OR Name = '"]],
      },
    );
  });

  it('answers Salesforce’s refusals as coded errors with its message', async () => {
    const field = await post('/api/v1/salesforce/query', {
      objectName: 'Contact',
      fields: 'Id,Nope__c',
    });
    expectErrorAnswerLike(field, 422, {
      code: 'GATEWAY.REJECTED',
      message: "No such column 'Nope__c'",
      details: { errorCode: 'INVALID_FIELD' },
    });
    const object = await post('/api/v1/salesforce/query', { objectName: 'Nothing__c' });
    expect(object.json<{ details: { errorCode: string } }>().details.errorCode).toBe(
      'INVALID_TYPE',
    );
  });
});

describe('salesforce writes, search and custom-rest', () => {
  it('inserts, updates and deletes through sobjects, each in the audit log', async () => {
    const created = await post('/api/v1/salesforce/insert', {
      objectName: 'Contact',
      data: { Name: 'New Person', Email: 'new@example.test' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: string }>();
    expect(sf.records('Contact').find((r) => r.Id === id)).toMatchObject({ Name: 'New Person' });
    const updated = await post('/api/v1/salesforce/update', {
      objectName: 'Contact',
      id,
      data: { Name: 'Renamed' },
    });
    expect(updated.json()).toEqual({ id, success: true, errors: [] });
    expect(sf.records('Contact').find((r) => r.Id === id)!.Name).toBe('Renamed');
    const deleted = await post('/api/v1/salesforce/delete', { objectName: 'Contact', id });
    expect(deleted.statusCode).toBe(200);
    expect(sf.records('Contact').some((r) => r.Id === id)).toBe(false);
    const again = await post('/api/v1/salesforce/delete', { objectName: 'Contact', id });
    expect(again.statusCode).toBe(404);
    expect(again.json<{ code: string }>().code).toBe('GATEWAY.NOT_FOUND');
    const audit = await rows<{ action: string; entity_type: string }>(
      t.database.db,
      sql`select action, entity_type from audit_entry where entity_id = ${id} order by id`,
    );
    expect(audit.map((e) => e.action)).toEqual([
      'gateway.insert',
      'gateway.update',
      'gateway.delete',
    ]);
    expect(audit[0]!.entity_type).toBe('salesforce:Contact');
  });

  it('searches with SOSL, the term escaped', async () => {
    const res = await post('/api/v1/salesforce/search', {
      searchTerm: 'c3@example',
      objectName: 'Contact',
      fields: 'Id,Email',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json<{ searchRecords: Array<{ Email: string }> }>().searchRecords.map((r) => r.Email),
    ).toEqual(['c3@example.test']);
    await post('/api/v1/salesforce/search', { searchTerm: 'a} RETURNING User(Id' });
    expect(sf.statements.at(-1)).toBe('FIND {a\\} RETURNING User\\(Id} IN ALL FIELDS LIMIT 2000');
  });

  it('forwards custom-rest to /services/apexrest with the method and data', async () => {
    sf.apex('POST', 'registry/v1/echo', (body) => ({ received: body }));
    const res = await post('/api/v1/salesforce/custom-rest', {
      serviceName: 'echo',
      method: 'POST',
      endpoint: 'registry/v1/echo',
      organizationId: a.organization.id,
      data: { hello: 'world' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: { hello: 'world' } });
    const escape = await post('/api/v1/salesforce/custom-rest', {
      method: 'GET',
      endpoint: '../data/v62.0/query',
    });
    expect(escape.statusCode).toBe(400);
    expect(escape.json<{ field: string }>().field).toBe('endpoint');
  });
});

describe('a salesforce insert happens once per Idempotency-Key', () => {
  it('answers a retry with the record created the first time, and requires the key', async () => {
    const key = { ...a.as.admin, 'idempotency-key': randomUUID() };
    const body = { objectName: 'Contact', data: { Name: 'Once Only', Email: 'once@example.test' } };
    const first = await post('/api/v1/salesforce/insert', body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('/api/v1/salesforce/insert', body, key);
    expect(again.json()).toEqual(first.json());
    expect(sf.records('Contact').filter((r) => r.Name === 'Once Only')).toHaveLength(1);
    const other = await post('/api/v1/salesforce/insert', { ...body, data: { Name: 'x' } }, key);
    expect(other.json<{ code: string }>().code).toBe('IDEMPOTENCY.KEY_REUSED');
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/salesforce/insert',
      headers: { ...a.as.admin, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ code: string }>().code).toBe('IDEMPOTENCY.KEY_REQUIRED');
  });
});

describe('salesforce tokens and failures', () => {
  it('caches the token, and renews it once on 401', async () => {
    const client = new SalesforceClient({ ...t.config.salesforce! });
    const before = sf.tokenRequests();
    await client.query('SELECT Id FROM Contact');
    await client.query('SELECT Id FROM Contact');
    expect(sf.tokenRequests() - before).toBe(1);
    sf.expireTokens();
    await client.query('SELECT Id FROM Contact');
    expect(sf.tokenRequests() - before).toBe(2);
  });

  it('answers 502 when the connected app’s credentials are refused, never echoing the secret', async () => {
    const client = new SalesforceClient({ ...t.config.salesforce!, clientSecret: 'wrong-secret' });
    const err = await client.query('SELECT Id FROM Contact').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'GATEWAY.UPSTREAM_AUTH' });
    expect(JSON.stringify(err) + String(err)).not.toContain('wrong-secret');
  });

  it('times out, and says so', async () => {
    const client = new SalesforceClient({ ...t.config.salesforce!, timeoutMs: 200 });
    await client.query('SELECT Id FROM Contact');
    sf.setDelay(1000);
    try {
      const err = await client.query('SELECT Id FROM Contact').catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'GATEWAY.UPSTREAM_TIMEOUT' });
    } finally {
      sf.setDelay(0);
    }
  });

  it('answers 502 when Salesforce cannot be reached', async () => {
    const client = new SalesforceClient({
      ...t.config.salesforce!,
      loginUrl: 'http://127.0.0.1:1',
    });
    await expect(client.query('SELECT Id FROM Contact')).rejects.toMatchObject({
      code: 'GATEWAY.UPSTREAM_UNAVAILABLE',
    });
  });
});
