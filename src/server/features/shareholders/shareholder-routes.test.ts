import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directoryResponse, profileResponse, statementResponse } from '../../../contract/ledger';
import { rows } from '../../db/sql';
import { ledgerScenario } from '../../test-support/ledger-scenario';
import { injectJson } from '../../test-support/inject-json';
import { getStatement } from './get-statement';
import { useShareholderRoutesScenario } from '../../test-support/shareholder-routes-scenario';

const { t, s } = useShareholderRoutesScenario();

const get = (url: string, headers: Record<string, string>) => injectJson(t, 'GET', url, headers);

describe('GET /api/v1/shareholders/:id/statement', () => {
  it('gives the holder their own statement: friendly labels, counterparties, reasons, running balance', async () => {
    const res = await get(`/api/v1/shareholders/${s.alice.id}/statement`, s.as.alice);
    expect(res.statusCode).toBe(200);
    const body = statementResponse.parse(res.json());
    expect(body.company.legalName).toMatch(/^Scenario/);
    expect(body.totals).toEqual({
      common: '95.00',
      preferred: '20.00',
      balance: '115.00',
      costPerShare: '1.65',
      // Of 156 shares outstanding, 136 common and 20 preferred (ownership.test.ts).
      ownershipPercent: '73.7179',
      commonPercent: '69.8529',
      preferredPercent: '100.0000',
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
      // The running balance is all the holder's shares: the conversion's two rows cancel out.
      ['PS-5', 'Preferred Issue', null, 'CS-2', '20.00', '120.00', null],
      ['CS-1', 'Cancellation', null, null, '-5.00', '115.00', 'repurchase'],
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
    for (const extra of [{ Balance: '1000000' }, { IsAdmin: true }, { HolderType: 'entity' }]) {
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
    // The e-mail is an administrator's to change (issue 25).
    const email = await save(s.alice.id, s.as.alice, { Email: 'x@example.com', City: 'Paris' });
    expect(email.json()).toMatchObject({ code: 'VALIDATION.READ_ONLY', field: 'Email' });
    expect(await row(s.alice.id)).toEqual(before);
  });

  it('answers 400 naming ZipCode for what no postal code holds; takes ZIP+4 and letters', async () => {
    for (const zip of ['10#04', '-1004', '1004-', 'x'.repeat(13)]) {
      const res = await save(s.alice.id, s.as.alice, { ZipCode: zip });
      expect(res.statusCode, zip).toBe(400);
      expect(res.json().field).toBe('ZipCode');
    }
    for (const zip of ['19901-1234', 'SW1A 2AA', 'K1A 0B1', ''])
      expect((await save(s.alice.id, s.as.alice, { ZipCode: zip })).statusCode, zip).toBe(200);
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
