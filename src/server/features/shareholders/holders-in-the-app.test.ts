// Holders added, changed and retired in the app (issue 25): POST /api/v1/shareholders, the
// profile's e-mail and country, POST /api/v1/shareholders/:id/deactivate and /reactivate.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { directoryResponse, profileResponse } from '../../../contract/ledger';
import { holderMessages } from '../../../contract/shareholders';
import { rows } from '../../db/sql';
import { expectErrorAnswer, expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { createOrganization, signInAs, createHolder } from '../../test-support/fixtures';
import { injectJson, type Method } from '../../test-support/inject-json';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();
const call = (method: Method, url: string, headers: Record<string, string>, body?: unknown) =>
  injectJson(t, method, url, headers, body);
const add = (body: unknown, headers = s.as.admin) =>
  call('POST', '/api/v1/shareholders', headers, body);
const directoryNames = async () =>
  directoryResponse
    .parse((await call('GET', '/api/v1/shareholders?pageSize=200', s.as.admin)).json())
    .rows.map((r) => r.name);
const auditOf = (holderId: string) =>
  rows<{ action: string }>(
    s.db,
    sql`select action from audit_entry where entity_id = ${holderId} order by created_at, id`,
  );

describe('POST /api/v1/shareholders', () => {
  it('adds an entity with an international address; it is listed with no shares and audited', async () => {
    const res = await add({
      Name: 'Northwind Ventures II, L.P.',
      Email: ' Capital@Northwind.Example ',
      HolderType: 'entity',
      Address: '10 Downing Street',
      City: 'London',
      State: '',
      ZipCode: 'SW1A 2AA',
      Country: 'United Kingdom',
    });
    expect(res.statusCode, res.body).toBe(201);
    const holder = profileResponse.parse(res.json());
    expect(holder).toMatchObject({
      name: 'Northwind Ventures II, L.P.',
      email: 'capital@northwind.example',
      holderType: 'entity',
      zipCode: 'SW1A 2AA',
      country: 'United Kingdom',
      active: true,
    });
    expect(await directoryNames()).toContain('Northwind Ventures II, L.P.');
    expect(await auditOf(holder.id)).toEqual([{ action: 'shareholder.created' }]);
    const statement = await call('GET', `/api/v1/shareholders/${holder.id}/statement`, s.as.admin);
    expect(statement.json()).toMatchObject({ totals: { balance: '0.00' }, history: [] });
  });

  it('takes a name alone (an individual), and ZIP+4', async () => {
    const res = await add({ Name: 'Dana Person', ZipCode: '19901-1234' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      holderType: 'individual',
      email: null,
      zipCode: '19901-1234',
    });
  });

  it('refuses an e-mail another holder of the company has, in any case; another company may use it', async () => {
    expectErrorAnswer(
      await add({ Name: 'Alice Again', Email: s.alice.email!.toUpperCase() }),
      409,
      {
        code: 'SHAREHOLDER.EMAIL_TAKEN',
        message: holderMessages.emailTaken,
        field: 'Email',
      },
    );
    const other = await createOrganization(s.db, 'Other Holdings, Inc.');
    const otherAdmin = await createHolder(s.db, other.organization.id, {
      name: 'Olga Admin',
      email: 'olga@other.example',
      isAdmin: true,
    });
    const res = await add(
      { Name: 'Alice Elsewhere', Email: s.alice.email! },
      await signInAs(t, otherAdmin.email!),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await directoryNames()).not.toContain('Alice Elsewhere');
  });

  it('names the field of bad input and writes nothing', async () => {
    const before = await rows<{ n: string }>(
      s.db,
      sql`select count(*)::text as n from shareholder`,
    );
    for (const [body, field] of [
      [{}, 'Name'],
      [{ Name: '   ' }, 'Name'],
      [{ Name: 'X', Email: 'not-an-address' }, 'Email'],
      [{ Name: 'X', ZipCode: '19901#' }, 'ZipCode'],
      [{ Name: 'X', HolderType: 'trust' }, 'HolderType'],
      [{ Name: 'X\u0000Y' }, 'Name'],
      [{ Name: 'X'.repeat(201) }, 'Name'],
      [{ Name: 'X', Balance: '100' }, 'Balance'],
      [{ Name: 12 }, 'Name'],
    ] as const)
      expectErrorAnswerLike(await add(body), 400, { field });
    const after = await rows<{ n: string }>(s.db, sql`select count(*)::text as n from shareholder`);
    expect(after).toEqual(before);
  });

  it('is for administrators only', async () => {
    expect((await add({ Name: 'Sneaky' }, s.as.alice)).statusCode).toBe(403);
    expect((await add({ Name: 'Sneaky' }, {})).statusCode).toBe(401);
    expect(await directoryNames()).not.toContain('Sneaky');
  });
});

describe('the profile: e-mail and country', () => {
  const save = (id: string, headers: Record<string, string>, extra: Record<string, unknown>) =>
    call('PUT', `/api/v1/shareholders/${id}`, headers, {
      ShareholderId: id,
      FullName: 'Carol',
      State: '',
      City: 'Toronto',
      Address: '',
      ZipCode: 'K1A 0B1',
      Phone: '',
      CellPhone: '',
      Notes: '',
      ...extra,
    });

  it('lets an administrator change the e-mail and the country, not onto another holder', async () => {
    const ok = await save(s.carol.id, s.as.admin, {
      Email: 'Carol@New.Example',
      Country: 'Canada',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const profile = profileResponse.parse(
      (await call('GET', `/api/v1/shareholders/${s.carol.id}`, s.as.admin)).json(),
    );
    expect(profile).toMatchObject({
      email: 'carol@new.example',
      country: 'Canada',
      zipCode: 'K1A 0B1',
    });
    expectErrorAnswerLike(await save(s.carol.id, s.as.admin, { Email: s.bob.email! }), 409, {
      code: 'SHAREHOLDER.EMAIL_TAKEN',
      field: 'Email',
    });
  });

  it("refuses a holder's change of their own e-mail", async () => {
    const res = await call('PUT', `/api/v1/shareholders/${s.alice.id}`, s.as.alice, {
      ShareholderId: s.alice.id,
      FullName: 'Alice',
      Email: 'alice@elsewhere.example',
      State: '',
      City: '',
      Address: '',
      ZipCode: '',
      Phone: '',
      CellPhone: '',
      Notes: '',
    });
    expectErrorAnswerLike(res, 400, { code: 'VALIDATION.READ_ONLY', field: 'Email' });
  });
});

describe('deactivate and reactivate', () => {
  const act = (id: string, what: 'deactivate' | 'reactivate', headers = s.as.admin) =>
    call('POST', `/api/v1/shareholders/${id}/${what}`, headers);

  it('retires a holder with no shares: out of the directory, history kept; and back again', async () => {
    const dora = profileResponse.parse((await add({ Name: 'Dora Short' })).json());
    const off = await act(dora.id, 'deactivate');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: dora.id, active: false });
    expect(await directoryNames()).not.toContain('Dora Short');
    expect((await act(dora.id, 'deactivate')).json()).toMatchObject({ active: false });
    const on = await act(dora.id, 'reactivate');
    expect(on.json()).toMatchObject({ active: true });
    expect(await directoryNames()).toContain('Dora Short');
    expect(await auditOf(dora.id)).toEqual([
      { action: 'shareholder.created' },
      { action: 'shareholder.deactivated' },
      { action: 'shareholder.reactivated' },
    ]);
  });

  it('refuses a holder with shares, and your own record', async () => {
    expectErrorAnswer(await act(s.alice.id, 'deactivate'), 409, {
      code: 'SHAREHOLDER.HAS_SHARES',
      message: holderMessages.hasShares,
      details: { balance: '150.00' },
    });
    expectErrorAnswerLike(await act(s.admin.id, 'deactivate'), 409, {
      code: 'SHAREHOLDER.DEACTIVATE_SELF',
    });
    expect(await directoryNames()).toEqual(expect.arrayContaining(['Alice']));
  });

  it("answers 404 for another company's holder and 403 for a shareholder", async () => {
    const other = await createOrganization(s.db, 'Elsewhere, Inc.');
    const stranger = await createHolder(s.db, other.organization.id, { name: 'Stranger' });
    expectErrorAnswerLike(await act(stranger.id, 'deactivate'), 404, {
      code: 'SHAREHOLDER.NOT_FOUND',
    });
    expect((await act(s.carol.id, 'deactivate', s.as.alice)).statusCode).toBe(403);
  });

  it('a New Issue to an inactive holder is refused', async () => {
    const eve = profileResponse.parse((await add({ Name: 'Eve Retired' })).json());
    await act(eve.id, 'deactivate');
    await expect(
      s.post({ type: 'New Issue', holderId: eve.id, date: '2024-01-01', shares: '1', cost: '0' }),
    ).rejects.toMatchObject({ code: 'LEDGER.HOLDER_INACTIVE' });
  });
});
