import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GatewayQueryResponse } from '../../../contract/gateway';
import { rows } from '../../db/sql';
import { expectLedgerSound } from '../../test-support/ledger-scenario';
import { deactivate } from '../../test-support/fixtures';
import { injectJson } from '../../test-support/inject-json';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { useTestApp } from '../../test-support/use-test-app';

const t = useTestApp();
const a = useLedgerScenario(t);
const b = useLedgerScenario(t);

const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  injectJson(t, 'POST', url, headers, payload);
const query = async (body: unknown, as = a.as.admin) => {
  const res = await post('/api/v1/registry/query', as, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GatewayQueryResponse>();
};
/** POST /api/v1/registry/update as a's administrator. */
const update = (objectName: string, id: string, data: Record<string, unknown>) =>
  post('/api/v1/registry/update', a.as.admin, { objectName, id, data });

// The spec's shareholder load (section 7), with its backend's field names (section 3).
const SPEC_FIELDS =
  'Id,Name,Full_Name__c,Balance__c,Common_Shares__c,Preferred_Shares__c,Is_Admin__c,State__c,' +
  'City__c,Address__c,Zip_Code__c,Phone_Number__c,Cellphone_Number__c,Notes__c,' +
  'Cost_Per_Share__c,Email__c';

describe('registry query: the spec’s objects in Salesforce’s shape', () => {
  it('answers the spec’s shareholder load unchanged: active holders of the caller’s organization', async () => {
    await deactivate(a.db, a.carol.id);
    const answer = await query({
      organizationId: a.organization.id,
      objectName: 'Shareholder__c',
      fields: SPEC_FIELDS,
      filter: 'Active=true',
    });
    expect(answer.done).toBe(true);
    expect(answer.totalSize).toBe(3);
    const names = answer.records.map((r) => r.Name);
    expect(names.sort()).toEqual(['Ada Admin', 'Alice', 'Bob']);
    const alice = answer.records.find((r) => r.Id === a.alice.id)!;
    expect(alice).toMatchObject({
      attributes: { type: 'Shareholder__c' },
      Balance__c: 150,
      Common_Shares__c: 150,
      Preferred_Shares__c: 0,
      Is_Admin__c: false,
      Email__c: a.alice.email,
      // (100 × 1.00 + 50 × 2.50) / 150
      Cost_Per_Share__c: 1.5,
    });
    expect(Object.keys(alice).sort()).toEqual(['attributes', ...SPEC_FIELDS.split(',')].sort());
  });

  it('lists certificates with Balance > 0 by certificate number, and filters by a map', async () => {
    const answer = await query({
      objectName: 'Share__c',
      filters: { Balance__c: { operator: '>', value: 0 } },
      orderBy: 'Certificate_Number__c DESC',
    });
    expect(answer.records.map((r) => [r.Name, r.Shareholder_Name__c, r.Balance__c])).toEqual([
      ['CS-3', 'Bob', 10],
      ['CS-2', 'Alice', 50],
      ['CS-1', 'Alice', 100],
    ]);
    const mine = await query({
      objectName: 'share__c',
      fields: ['Id', 'Certificate_Number__c'],
      filter: `Shareholder__c='${a.bob.id}'`,
    });
    expect(mine.records).toEqual([
      { attributes: { type: 'Share__c' }, Id: a.certificates.cs3, Certificate_Number__c: 3 },
    ]);
  });

  it('lists a holder’s transactions in date then order, with the running balance', async () => {
    await a.post({
      type: 'Transfer',
      holderId: a.alice.id,
      toHolderId: a.bob.id,
      date: '2024-01-05',
      shares: '30',
      cost: '4.00',
      originCertificateIds: [a.certificates.cs1],
    });
    const answer = await query({
      objectName: 'Share_Transaction__c',
      filters: { Share__c: { operator: 'IN', value: [a.certificates.cs1, a.certificates.cs2] } },
      orderBy: ['Date__c', 'Transaction_Order__c'],
    });
    expect(
      answer.records.map((r) => [
        r.Certificate_Number__c,
        r.Type__c,
        r.Shares__c,
        r.Running_Balance__c,
      ]),
    ).toEqual([
      // The holder's running balance, as on the statement (issue 23).
      [1, 'Issued', 100, 100],
      [2, 'Issued', 50, 150],
      [1, 'Transferred', -30, 120],
    ]);
    const origins = await query({
      objectName: 'Share__c',
      fields: 'Id,Name,Destination_Shares__r',
      filter: `Id='${a.certificates.cs1}'`,
    });
    const children = origins.records[0]!.Destination_Shares__r as GatewayQueryResponse;
    expect(children.totalSize).toBe(1);
    expect(children.records[0]).toMatchObject({
      attributes: { type: 'Share_Transaction__c' },
      Shares__c: 30,
      Origin__c: a.certificates.cs1,
      Shareholder_Name__c: 'Bob',
      Date__c: '2024-01-05',
    });
  });

  it('never answers another organization’s rows, whatever the filter', async () => {
    const answer = await query({
      objectName: 'Shareholder__c',
      fields: 'Id',
      filter: { $or: [{ Id: b.alice.id }, { Name: 'Alice' }] },
    });
    expect(answer.records.map((r) => r.Id)).toEqual([a.alice.id]);
    const text = await query({
      objectName: 'Share__c',
      fields: 'Id',
      filter: `Id='${b.certificates.cs1}'`,
    });
    expect(text.totalSize).toBe(0);
  });

  it('pages with limit and offset, in a stable order', async () => {
    const first = await query({
      objectName: 'Shareholder__c',
      fields: 'Name',
      orderBy: 'Name',
      limit: 2,
    });
    const next = await query({
      objectName: 'Shareholder__c',
      fields: 'Name',
      orderBy: 'Name',
      limit: 2,
      offset: 2,
    });
    expect([...first.records, ...next.records].map((r) => r.Name)).toEqual([
      'Ada Admin',
      'Alice',
      'Bob',
      'Carol',
    ]);
  });
});

describe('registry query: bad input is a 400 naming the field', () => {
  const cases: Array<[string, unknown, string]> = [
    ['an unknown object', { objectName: 'Account' }, 'objectName'],
    ['an object name with SQL', { objectName: 'Share__c; drop table x' }, 'objectName'],
    ['an unknown field', { objectName: 'Share__c', fields: 'Id,Secret__c' }, 'fields.1'],
    ['a quoted field', { objectName: 'Share__c', fields: ['"Id"'] }, 'fields.0'],
    ['a filter it cannot read', { objectName: 'Share__c', filter: 'Balance__c >> 1' }, 'filter'],
    [
      'a text for a number',
      { objectName: 'Share__c', filter: "Balance__c='many'" },
      'filter.Balance__c.value',
    ],
    ['a word for an id', { objectName: 'Share__c', filter: { Id: 'x' } }, 'filter.Id.value'],
    [
      'an unknown operator',
      { objectName: 'Share__c', filter: { Balance__c: { operator: '~', value: 1 } } },
      'filter.Balance__c.operator',
    ],
    [
      'a child list in a filter',
      { objectName: 'Share__c', filter: { Destination_Shares__r: 'x' } },
      'filter.Destination_Shares__r',
    ],
    [
      'a NUL byte',
      { objectName: 'Shareholder__c', filter: { Name: 'a\u0000b' } },
      'filter.Name.value',
    ],
    ['a huge page', { objectName: 'Share__c', pageSize: 2001 }, 'pageSize'],
    ['no limit at all', { objectName: 'Share__c', limit: 0 }, 'limit'],
    ['a wrong type', { objectName: 'Share__c', limit: '5' }, 'limit'],
    ['a bad order', { objectName: 'Share__c', orderBy: 'Balance__c sideways' }, 'orderBy.0'],
  ];
  it.each(cases)('%s', async (_what, body, field) => {
    const res = await post('/api/v1/registry/query', a.as.admin, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ field: string }>().field).toBe(field);
  });
});

describe('registry search', () => {
  it('finds holders by part of the name or e-mail, in the caller’s organization only', async () => {
    const res = await post('/api/v1/registry/search', a.as.admin, { searchTerm: 'ALI' });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<{ searchRecords: Array<Record<string, unknown>> }>().searchRecords;
    expect(found.map((r) => r.Id)).toEqual([a.alice.id]);
    const byMail = await post('/api/v1/registry/search', a.as.admin, {
      searchTerm: a.bob.email!.split('@')[0],
      fields: 'Id,Email__c',
    });
    expect(byMail.json<{ searchRecords: unknown[] }>().searchRecords).toEqual([
      { attributes: { type: 'Shareholder__c' }, Id: a.bob.id, Email__c: a.bob.email },
    ]);
    const wildcard = await post('/api/v1/registry/search', a.as.admin, { searchTerm: '%' });
    expect(wildcard.json<{ searchRecords: unknown[] }>().searchRecords).toEqual([]);
  });
});

describe('registry writes are the ledger’s own actions', () => {
  const transfer = () => ({
    ShareholderId: a.bob.id,
    DestinationShareholderId: a.admin.id,
    ShareDate: '2024-02-01',
    Shares: '4',
    Cost: '5.00',
    Type: 'Transfer',
    Origin: [a.certificates.cs3],
  });

  it('inserts a Share_Transaction__c as the Transfer action, exactly once per Idempotency-Key', async () => {
    const key = { ...a.as.admin, 'idempotency-key': randomUUID() };
    const body = { objectName: 'Share_Transaction__c', data: transfer() };
    const first = await post('/api/v1/registry/insert', key, body);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json<{ id: string; success: boolean; operation: { type: string } }>();
    expect(answer).toMatchObject({ success: true, errors: [], operation: { type: 'Transfer' } });
    const again = await post('/api/v1/registry/insert', key, body);
    expect(again.json<{ id: string }>().id).toBe(answer.id);
    const [bob] = await rows<{ balance: string }>(
      a.db,
      sql`select balance::text from shareholder where id = ${a.bob.id}`,
    );
    expect(bob!.balance).toBe('36.00');
    await expectLedgerSound(a.db);
  });

  it('refuses an insert without an Idempotency-Key, and answers the ledger’s refusal naming data', async () => {
    const body = { objectName: 'Share_Transaction__c', data: transfer() };
    const bare = await post('/api/v1/registry/insert', a.as.admin, body);
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ code: string }>().code).toBe('IDEMPOTENCY.KEY_REQUIRED');
    const tooMany = await post(
      '/api/v1/registry/insert',
      { ...a.as.admin, 'idempotency-key': randomUUID() },
      { ...body, data: { ...transfer(), Shares: '1000' } },
    );
    expect(tooMany.statusCode, tooMany.body).toBe(409);
    expect(tooMany.json()).toMatchObject({
      code: 'LEDGER.INSUFFICIENT_SHARES',
      field: 'data.Shares',
    });
    const malformed = await post(
      '/api/v1/registry/insert',
      { ...a.as.admin, 'idempotency-key': randomUUID() },
      { ...body, data: { ...transfer(), Shares: 'lots' } },
    );
    expect(malformed.json()).toMatchObject({ code: 'HTTP.VALIDATION', field: 'data.Shares' });
    // The route posts, so it takes the key first; a certificate is still not inserted.
    const certificate = await post(
      '/api/v1/registry/insert',
      { ...a.as.admin, 'idempotency-key': randomUUID() },
      { objectName: 'Share__c', data: {} },
    );
    expect(certificate.statusCode).toBe(422);
    expect(certificate.json<{ code: string }>().code).toBe('GATEWAY.NOT_SUPPORTED');
  });

  it('updates a Shareholder__c’s profile as Save does, with an audit entry, and nothing else', async () => {
    const res = await update('Shareholder__c', a.alice.id, {
      City__c: 'Albany',
      zip_code__c: '12207',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: a.alice.id, success: true, errors: [] });
    const [alice] = await rows<{ city: string; zip_code: string; name: string }>(
      a.db,
      sql`select city, zip_code, name from shareholder where id = ${a.alice.id}`,
    );
    expect(alice).toEqual({ city: 'Albany', zip_code: '12207', name: 'Alice' });
    const audit = await rows<{ n: number }>(
      a.db,
      sql`select count(*)::int as n from audit_entry where entity_id = ${a.alice.id}
           and after->>'city' = 'Albany'`,
    );
    expect(audit[0]!.n).toBe(1);
    const balance = await update('Shareholder__c', a.alice.id, { Balance__c: 1e6 });
    expect(balance.statusCode).toBe(400);
    expect(balance.json<{ field: string }>().field).toBe('data.Balance__c');
    const other = await update('Shareholder__c', b.alice.id, { City__c: 'Elsewhere' });
    expect(other.statusCode).toBe(404);
    const share = await update('Share__c', a.certificates.cs1, { Balance__c: 0 });
    expect(share.statusCode).toBe(409);
    expect(share.json<{ code: string }>().code).toBe('GATEWAY.APPEND_ONLY');
  });

  it('refuses every delete: the ledger is append-only and says how to correct an entry', async () => {
    for (const [objectName, id] of [
      ['Share_Transaction__c', randomUUID()],
      ['Share__c', a.certificates.cs1],
      ['Shareholder__c', a.alice.id],
    ] as const) {
      const res = await post('/api/v1/registry/delete', a.as.admin, { objectName, id });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ code: string }>().code).toBe('GATEWAY.APPEND_ONLY');
    }
    const res = await post('/api/v1/registry/delete', a.as.admin, {
      objectName: 'Share__c',
      id: 'x',
    });
    expect(res.json<{ message: string }>().message).toMatch(/correcting transaction/);
    await expectLedgerSound(a.db);
  });
});
