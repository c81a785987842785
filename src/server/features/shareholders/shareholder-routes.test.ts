import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { directoryResponse, statementResponse } from '../../../contract/ledger';
import { rows } from '../../ledger-store/sql';
import { expectLedgerSound, ledgerScenario } from '../../ledger-store/test-scenario';
import { createHolder } from '../../test-support/fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { getStatement } from './get-statement';

let t: TestApp;
let s: Awaited<ReturnType<typeof ledgerScenario>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await ledgerScenario(t);
  // Alice transfers 30 of CS-1 to Bob in 2024, converts 20 of CS-2 and cancels 5.
  await s.post({
    type: 'Transfer',
    holderId: s.alice.id,
    toHolderId: s.bob.id,
    date: '2024-03-01',
    shares: '30',
    cost: '2.00',
    originCertificateIds: [s.certificates.cs1],
  });
  await s.post({
    type: 'Convert to Preferred',
    holderId: s.alice.id,
    date: '2024-04-01',
    shares: '20',
    originCertificateIds: [s.certificates.cs2],
  });
  await s.post({
    type: 'Cancel',
    holderId: s.alice.id,
    date: '2024-05-01',
    shares: '5',
    reason: 'repurchase',
    originCertificateIds: [s.certificates.cs1],
  });
  // An administrator holding nothing is left out of the directory; one holding shares is listed.
  const rich = await createHolder(s.db, s.organization.id, { name: 'Rich Admin', isAdmin: true });
  await s.post({
    type: 'New Issue',
    holderId: rich.id,
    date: '2023-01-01',
    shares: '1',
    cost: '0',
  });
  await createHolder(s.db, s.organization.id, { name: 'Gone', active: false });
});
afterAll(() => t.close());
afterEach(() => expectLedgerSound(t.database.db));

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/v1/shareholders (directory)', () => {
  it('lists active holders with figures and totals for an administrator', async () => {
    const res = await get('/api/v1/shareholders?sort=balance&dir=desc', s.as.admin);
    expect(res.statusCode).toBe(200);
    const body = directoryResponse.parse(res.json());
    expect(body.rows.map((r) => r.name)).toEqual(['Alice', 'Bob', 'Rich Admin', 'Carol']);
    expect(body.rows[0]).toMatchObject({
      common: '95.00',
      preferred: '20.00',
      balance: '115.00',
    });
    // Alice: CS-1 65 @ 1.00, CS-2 30 @ 2.50, PS 20 @ 2.50 → (65 + 75 + 50) / 115 = 1.652… → 1.65
    expect(body.rows[0]!.costPerShare).toBe('1.65');
    expect(body.totals).toEqual({
      shareholders: 4,
      totalShares: '156.00',
      common: '136.00',
      preferred: '20.00',
    });
    expect(body.total).toBe(4);
  });

  it('searches by name and pages, keeping the totals of every listed holder', async () => {
    const res = await get('/api/v1/shareholders?search=ali&pageSize=1', s.as.admin);
    const body = directoryResponse.parse(res.json());
    expect(body.rows.map((r) => r.name)).toEqual(['Alice']);
    expect(body.total).toBe(1);
    expect(body.totals.shareholders).toBe(4);
    const page2 = directoryResponse.parse(
      (await get('/api/v1/shareholders?sort=name&page=2&pageSize=2', s.as.admin)).json(),
    );
    expect(page2.rows.map((r) => r.name)).toEqual(['Carol', 'Rich Admin']);
  });

  it('derives figures as of an earlier date from the transactions', async () => {
    const body = directoryResponse.parse(
      (await get('/api/v1/shareholders?asOf=2024-03-15&sort=name', s.as.admin)).json(),
    );
    expect(body.asOf).toBe('2024-03-15');
    const alice = body.rows.find((r) => r.name === 'Alice');
    expect(alice).toMatchObject({ common: '120.00', preferred: '0.00', balance: '120.00' });
    const bob = body.rows.find((r) => r.name === 'Bob');
    expect(bob).toMatchObject({ common: '40.00', balance: '40.00' });
  });

  it('refuses shareholders (403) and anonymous callers (401); 400 names a bad parameter', async () => {
    expect((await get('/api/v1/shareholders', s.as.alice)).statusCode).toBe(403);
    expect((await get('/api/v1/shareholders', {})).statusCode).toBe(401);
    const bad = await get('/api/v1/shareholders?sort=password', s.as.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('sort');
  });
});

describe('GET /api/v1/shareholders/:id/statement', () => {
  it('gives the holder their own statement with a running balance', async () => {
    const res = await get(`/api/v1/shareholders/${s.alice.id}/statement`, s.as.alice);
    expect(res.statusCode).toBe(200);
    const body = statementResponse.parse(res.json());
    expect(body.company.legalName).toMatch(/^Scenario/);
    expect(body.totals).toEqual({
      common: '95.00',
      preferred: '20.00',
      balance: '115.00',
      costPerShare: '1.65',
    });
    expect(
      body.history.map((h) => [h.certificate, h.typeLabel, h.origin, h.shares, h.balance]),
    ).toEqual([
      ['CS-1', 'New Issue', null, '100.00', '100.00'],
      ['CS-2', 'New Issue', null, '50.00', '150.00'],
      ['CS-1', 'Transfer Out', null, '-30.00', '120.00'],
      ['CS-2', 'Converted To Preferred', null, '-20.00', '100.00'],
      ['PS-5', 'Issued: preferred', 'CS-2', '20.00', '120.00'],
      ['CS-1', 'Cancellation', null, '-5.00', '115.00'],
    ]);
    expect(body.history[0]!.issued).toBe(true);
    expect(body.history[2]!.issued).toBe(false);
  });

  it('as of an earlier date shows only what was recorded by then, with a stable document id', async () => {
    const url = `/api/v1/shareholders/${s.alice.id}/statement?asOf=2023-12-31`;
    const body = (await get(url, s.as.admin)).json();
    expect(body.asOf).toBe('2023-12-31');
    expect(body.history).toHaveLength(2);
    expect(body.totals.balance).toBe('150.00');
    expect((await get(url, s.as.admin)).json().documentId).toBe(body.documentId);
  });

  it("answers the same 404 for another holder's id and a missing one", async () => {
    const other = await get(`/api/v1/shareholders/${s.bob.id}/statement`, s.as.alice);
    const missing = await get(`/api/v1/shareholders/${randomUUID()}/statement`, s.as.alice);
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json()).toEqual({
      code: 'SHAREHOLDER.NOT_FOUND',
      message: 'Shareholder not found.',
    });
    expect(
      (await get(`/api/v1/shareholders/${randomUUID()}/statement`, s.as.admin)).statusCode,
    ).toBe(404);
  });

  it('refuses anonymous (401), a user with no holder (403), and a bad id (400)', async () => {
    expect((await get(`/api/v1/shareholders/${s.alice.id}/statement`, {})).statusCode).toBe(401);
    expect(
      (await get(`/api/v1/shareholders/${s.alice.id}/statement`, s.as.nobody)).statusCode,
    ).toBe(403);
    const bad = await get('/api/v1/shareholders/123/statement', s.as.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });

  it('is callable directly (the statement PDF uses it)', async () => {
    const principal = {
      userId: 'u',
      email: 'x',
      name: 'x',
      sessionId: 's',
      holderId: s.bob.id,
      organizationId: s.organization.id,
      role: 'shareholder' as const,
      via: 'cookie' as const,
    };
    const own = await getStatement(s.db, { holderId: s.bob.id, principal });
    expect(own.totals.balance).toBe('40.00');
    await expect(getStatement(s.db, { holderId: s.alice.id, principal })).rejects.toMatchObject({
      code: 'SHAREHOLDER.NOT_FOUND',
    });
  });
});

describe('GET and PUT /api/v1/shareholders/:id (profile)', () => {
  const save = (
    id: string,
    headers: Record<string, string>,
    changes: Record<string, unknown> = {},
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/shareholders/${id}`,
      headers,
      payload: {
        ShareholderId: id,
        FullName: 'Alice',
        State: 'NY',
        City: 'New York',
        Address: '5 Broadway',
        ZipCode: '10004',
        Phone: '212-555-0100',
        CellPhone: '917-555-0100',
        Notes: 'prefers e-mail',
        ...changes,
      },
    });
  const row = async (id: string) =>
    (
      await rows<Record<string, unknown>>(
        s.db,
        sql`select full_name, city, zip_code, is_admin, balance::text, email from shareholder where id = ${id}`,
      )
    )[0];

  it('lets a shareholder read and save their own contact fields', async () => {
    const res = await save(s.alice.id, s.as.alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Shareholders: 'Success' });
    const profile = (await get(`/api/v1/shareholders/${s.alice.id}`, s.as.alice)).json();
    expect(profile).toMatchObject({ city: 'New York', zipCode: '10004', canEditName: false });
  });

  it('refuses a shareholder changing their name, and any unknown field, changing nothing', async () => {
    const before = await row(s.alice.id);
    const rename = await save(s.alice.id, s.as.alice, { FullName: 'Queen Alice', City: 'Paris' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().field).toBe('FullName');
    for (const extra of [{ Balance: '1000000' }, { IsAdmin: true }, { Email: 'x@y.z' }]) {
      const res = await save(s.alice.id, s.as.alice, { ...extra, City: 'Paris' });
      expect(res.statusCode).toBe(400);
    }
    expect(await row(s.alice.id)).toEqual(before);
  });

  it('answers 400 naming ZipCode for non-digits', async () => {
    const res = await save(s.alice.id, s.as.alice, { ZipCode: '10a04' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('ZipCode');
  });

  it("gives the same 404 for another holder's profile and a missing one", async () => {
    for (const id of [s.bob.id, randomUUID()]) {
      expect((await get(`/api/v1/shareholders/${id}`, s.as.alice)).statusCode).toBe(404);
      const res = await save(id, s.as.alice);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('SHAREHOLDER.NOT_FOUND');
    }
    expect((await row(s.bob.id))?.city).toBe('');
  });

  it('lets an administrator edit anyone, name included, with an audit entry', async () => {
    const res = await save(s.bob.id, s.as.admin, { FullName: 'Robert Jones' });
    expect(res.statusCode).toBe(200);
    expect((await row(s.bob.id))?.full_name).toBe('Robert Jones');
    const audit = await rows<{ n: number }>(
      s.db,
      sql`select count(*)::int as n from audit_entry where entity_type = 'shareholder' and entity_id = ${s.bob.id}`,
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('refuses anonymous callers (401) and a mismatched ShareholderId (400)', async () => {
    expect((await save(s.alice.id, {})).statusCode).toBe(401);
    const res = await save(s.alice.id, s.as.admin, { ShareholderId: s.bob.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('ShareholderId');
  });
});
