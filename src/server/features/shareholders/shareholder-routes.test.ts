import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  directoryResponse,
  directorySortKeys,
  profileResponse,
  statementResponse,
  type DirectoryRow,
} from '../../../contract/ledger';
import { rows } from '../../db/sql';
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

  it('as of a date lists and counts only holders with a position on that date', async () => {
    // 2023-03-01: only Alice holds shares (Bob's first issue is in July, Rich Admin's in 2023-01
    // but an administrator is listed only with shares); Carol never held any.
    const body = directoryResponse.parse(
      (await get('/api/v1/shareholders?asOf=2023-03-01&sort=name', s.as.admin)).json(),
    );
    expect(body.rows.map((r) => r.name)).toEqual(['Alice', 'Rich Admin']);
    expect(body.totals.shareholders).toBe(2);
    expect(body.total).toBe(2);
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
  it('gives the holder their own statement: friendly labels, counterparties, reasons, balance per class', async () => {
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
      body.history.map((h) => [
        h.certificate,
        h.typeLabel,
        h.counterparty,
        h.origin,
        h.shares,
        h.balance,
        h.reason,
      ]),
    ).toEqual([
      ['CS-1', 'New Issue', null, null, '100.00', '100.00', null],
      ['CS-2', 'New Issue', null, null, '50.00', '150.00', null],
      ['CS-1', 'Transfer Out', 'Bob', null, '-30.00', '120.00', null],
      ['CS-2', 'Converted to Preferred', null, null, '-20.00', '100.00', null],
      // The running balance is the row's class: preferred starts at nothing.
      ['PS-5', 'Preferred Issue', null, 'CS-2', '20.00', '20.00', null],
      ['CS-1', 'Cancellation', null, null, '-5.00', '95.00', 'repurchase'],
    ]);
    const bob = statementResponse.parse(
      (await get(`/api/v1/shareholders/${s.bob.id}/statement`, s.as.bob)).json(),
    );
    expect(bob.history.find((h) => h.type === 'Issued: transfer')).toMatchObject({
      typeLabel: 'Transfer In',
      counterparty: 'Alice',
      origin: 'CS-1',
    });
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
      timeZone: 'America/New_York',
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

  it("prints the saved phone and cell phone in the holder's statement contact", async () => {
    expect((await save(s.alice.id, s.as.alice)).statusCode).toBe(200);
    const body = statementResponse.parse(
      (await get(`/api/v1/shareholders/${s.alice.id}/statement`, s.as.alice)).json(),
    );
    expect(body.holder).toMatchObject({
      address: '5 Broadway',
      city: 'New York',
      state: 'NY',
      zipCode: '10004',
      phoneNumber: '212-555-0100',
      cellphoneNumber: '917-555-0100',
    });
  });

  it('answers an administrator with any holder of the organization, and an anonymous caller 401', async () => {
    const res = await get(`/api/v1/shareholders/${s.carol.id}`, s.as.admin);
    expect(res.statusCode).toBe(200);
    expect(profileResponse.strict().parse(res.json())).toMatchObject({
      id: s.carol.id,
      name: 'Carol',
      fullName: 'Carol',
      email: null,
      canEditName: true,
    });
    const anonymous = await get(`/api/v1/shareholders/${s.carol.id}`, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).not.toHaveProperty('name');
  });

  it('refuses a signed-in user with no holder record (403) on profile, Save and certificates, changing nothing', async () => {
    const before = await row(s.alice.id);
    for (const res of [
      await get(`/api/v1/shareholders/${s.alice.id}`, s.as.nobody),
      await save(s.alice.id, s.as.nobody, { City: 'Paris' }),
      await get(`/api/v1/certificates?holderId=${s.alice.id}`, s.as.nobody),
      await get(`/api/v1/certificates/${s.certificates.cs1}`, s.as.nobody),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
    }
    expect(await row(s.alice.id)).toEqual(before);
  });

  it('refuses a shareholder changing their name, and any unknown field, changing nothing', async () => {
    const before = await row(s.alice.id);
    const rename = await save(s.alice.id, s.as.alice, { FullName: 'Queen Alice', City: 'Paris' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().field).toBe('FullName');
    for (const extra of [{ Balance: '1000000' }, { IsAdmin: true }, { Email: 'x@y.z' }]) {
      const res = await save(s.alice.id, s.as.alice, { ...extra, City: 'Paris' });
      expect(res.statusCode).toBe(400);
      const field = Object.keys(extra)[0];
      expect(res.json()).toEqual({
        code: 'HTTP.VALIDATION',
        message: `${field}: this field is not accepted`,
        field,
      });
    }
    // An administrator's request with extra fields is refused the same way.
    const admin = await save(s.alice.id, s.as.admin, { HolderId: s.bob.id, Role: 'admin' });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().field).toBe('HolderId');
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
    // One name behind the field: the directory, its search (and the pickers, which use it) and
    // the statement all show the new one.
    const found = directoryResponse.parse(
      (await get('/api/v1/shareholders?search=robert', s.as.admin)).json(),
    );
    expect(found.rows.map((r) => [r.id, r.name])).toEqual([[s.bob.id, 'Robert Jones']]);
    const statement = statementResponse.parse(
      (await get(`/api/v1/shareholders/${s.bob.id}/statement`, s.as.admin)).json(),
    );
    expect([statement.holder.name, statement.holder.fullName]).toEqual([
      'Robert Jones',
      'Robert Jones',
    ]);
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

describe('directory sort, search and paging (every sortable column, both directions)', () => {
  // Its own organization, with ties on every figure so the id tie-break shows.
  let o: Awaited<ReturnType<typeof ledgerScenario>>;
  beforeAll(async () => {
    o = await ledgerScenario(t);
    const holder = (name: string) => createHolder(o.db, o.organization.id, { name });
    const dave = await holder('dave');
    const erin = await holder('Erin');
    await holder('Frank');
    const issue = (
      holderId: string,
      shares: string,
      cost: string,
      classType: 'common' | 'preferred',
    ) => o.post({ type: 'New Issue', holderId, date: '2023-02-01', shares, cost, classType });
    await issue(dave.id, '10', '3.00', 'preferred');
    await issue(erin.id, '10', '0.50', 'common');
    await issue(erin.id, '5', '1.00', 'preferred');
  });

  const directory = async (query: string) => {
    const res = await get(`/api/v1/shareholders?${query}`, o.as.admin);
    expect(res.statusCode).toBe(200);
    return directoryResponse.parse(res.json());
  };

  /** Hundredths, so figures compare exactly. */
  const exact = (amount: string) => BigInt(amount.replace('.', ''));
  const keyOf: Record<(typeof directorySortKeys)[number], (r: DirectoryRow) => string | bigint> = {
    name: (r) => r.name.toLowerCase(),
    common: (r) => exact(r.common),
    preferred: (r) => exact(r.preferred),
    balance: (r) => exact(r.balance),
    costPerShare: (r) => exact(r.costPerShare),
  };

  it('lists the figures the ties are built on', async () => {
    const body = await directory('sort=name&pageSize=200');
    expect(
      body.rows.map((r) => [r.name, r.common, r.preferred, r.balance, r.costPerShare]),
    ).toEqual([
      ['Alice', '150.00', '0.00', '150.00', '1.50'],
      ['Bob', '10.00', '0.00', '10.00', '3.00'],
      ['Carol', '0.00', '0.00', '0.00', '0.00'],
      ['dave', '0.00', '10.00', '10.00', '3.00'],
      ['Erin', '10.00', '5.00', '15.00', '0.67'],
      ['Frank', '0.00', '0.00', '0.00', '0.00'],
    ]);
  });

  it.each(
    directorySortKeys.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir])),
  )(
    'sorts by %s %s, ties by id the same way, and pages through the same order',
    async (sort, dir) => {
      const all = await directory(`sort=${sort}&dir=${dir}&pageSize=200`);
      expect(all.rows).toHaveLength(6);
      const sign = dir === 'asc' ? 1 : -1;
      const key = keyOf[sort as (typeof directorySortKeys)[number]];
      const expected = [...all.rows].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        if (x !== y) return x < y ? -sign : sign;
        return a.id < b.id ? -sign : sign;
      });
      expect(all.rows.map((r) => r.name)).toEqual(expected.map((r) => r.name));

      const paged: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const body = await directory(`sort=${sort}&dir=${dir}&pageSize=2&page=${page}`);
        expect(body).toMatchObject({ page, pageSize: 2, total: 6 });
        paged.push(...body.rows.map((r) => r.name));
      }
      expect(paged).toEqual(expected.map((r) => r.name));
    },
  );

  it.each([
    ['AL', ['Alice']],
    ['e', ['Alice', 'dave', 'Erin']],
    ['  erin  ', ['Erin']],
    ['%', []],
    ['_', []],
    ['\\', []],
    ['zz', []],
  ])(
    'searches names for %j, case-insensitive, wildcards taken literally',
    async (search, names) => {
      const body = await directory(`search=${encodeURIComponent(search)}&pageSize=200`);
      expect(body.rows.map((r) => r.name)).toEqual(names);
      expect(body.total).toBe(names.length);
      // Totals stay those of every listed holder.
      expect(body.totals).toEqual({
        shareholders: 6,
        totalShares: '185.00',
        common: '170.00',
        preferred: '15.00',
      });
    },
  );

  it('treats an empty search as none, and answers a page past the end with no rows', async () => {
    expect((await directory('search=&pageSize=200')).total).toBe(6);
    const past = await directory('page=4&pageSize=2');
    expect(past).toMatchObject({ page: 4, pageSize: 2, total: 6, rows: [] });
    const last = await directory('page=2&pageSize=5');
    expect(last.rows).toHaveLength(1);
    expect((await directory('pageSize=200')).rows).toHaveLength(6);
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=201', 'pageSize'],
    ['pageSize=ten', 'pageSize'],
    ['dir=up', 'dir'],
    ['sort=id', 'sort'],
    ['asOf=2024-13-01', 'asOf'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const res = await get(`/api/v1/shareholders?${query}`, o.as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'HTTP.VALIDATION', field });
  });
});

describe("another holder's id answers exactly as a missing one (ACL-02, 1,000 random ids)", () => {
  it('over every per-holder route, for a shareholder and for an administrator of another organization', async () => {
    const other = await ledgerScenario(t);
    const foreignHolders = [s.bob.id, s.carol.id, s.admin.id, other.alice.id, other.bob.id];
    const foreignCertificates = [s.certificates.cs3, other.certificates.cs1];
    const routes = [
      { url: (id: string) => `/api/v1/shareholders/${id}/statement`, holder: true },
      { url: (id: string) => `/api/v1/shareholders/${id}`, holder: true },
      { url: (id: string) => `/api/v1/shareholders/${id}`, holder: true, put: true },
      { url: (id: string) => `/api/v1/certificates?holderId=${id}`, holder: true },
      { url: (id: string) => `/api/v1/certificates/${id}`, holder: false },
    ];
    const holderNotFound = { code: 'SHAREHOLDER.NOT_FOUND', message: 'Shareholder not found.' };
    const certificateNotFound = {
      code: 'CERTIFICATE.NOT_FOUND',
      message: 'Certificate not found.',
    };
    const bobBefore = await rows(s.db, sql`select * from shareholder where id = ${s.bob.id}`);
    let probes = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: routes.length - 1 }),
        fc.oneof(
          fc.uuid().map((id) => ({ id, known: false })),
          fc.nat().map((i) => ({ i, known: true })),
        ),
        fc.constantFrom('alice', 'otherAdmin'),
        async (r, target, caller) => {
          const route = routes[r]!;
          const headers = caller === 'alice' ? s.as.alice : other.as.admin;
          // Alice's foreign ids are the other holders; the other organization's administrator's
          // are this organization's holders and certificates.
          const pool = route.holder
            ? caller === 'alice'
              ? foreignHolders
              : [s.alice.id, s.bob.id, s.carol.id]
            : caller === 'alice'
              ? foreignCertificates
              : [s.certificates.cs1, s.certificates.cs3];
          const id = 'id' in target ? target.id : pool[target.i % pool.length]!;
          const res = await t.app.inject({
            method: route.put ? 'PUT' : 'GET',
            url: route.url(id),
            headers,
            ...(route.put
              ? {
                  payload: {
                    ShareholderId: id,
                    FullName: 'Mallory',
                    State: '',
                    City: 'Probe',
                    Address: '',
                    ZipCode: '',
                    Phone: '',
                    CellPhone: '',
                    Notes: '',
                  },
                }
              : {}),
          });
          probes++;
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual(route.holder ? holderNotFound : certificateNotFound);
        },
      ),
      { numRuns: 1000 },
    );
    expect(probes).toBe(1000);
    expect(await rows(s.db, sql`select * from shareholder where id = ${s.bob.id}`)).toEqual(
      bobBefore,
    );
  }, 120_000);
});
