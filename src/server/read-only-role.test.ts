// The read-only role (issue 25): a board member, auditor or counsel sees the cap table, the
// ledger, the audit trail, certificates and every statement, and changes nothing. This sweeps
// every route the app registers: a read-only session reaches exactly the reads listed below and,
// of the writes, only its own login's; the database is the same after the sweep as before.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profileResponse, statementResponse } from '../contract/ledger';
import { holderMessages } from '../contract/shareholders';
import { userInfo } from '../contract/user-info';
import { exportPath, exportReports, statementExportPath } from '../contract/constants/exports';
import { accessPolicy, publicPrefixes } from './access-policy';
import { rows } from './db/sql';
import { recordsAChange } from './test-support/audited-reads';
import { expectErrorAnswer } from './test-support/expect-error-answer';
import { createHolder, signInAs } from './test-support/fixtures';
import { injectJson, type Method } from './test-support/inject-json';
import { useLedgerApp } from './test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();

/** The reads a read-only session may make: the registry's, as administrators see it. */
const READS = [
  'GET /api/v1/shareholders',
  'GET /api/v1/shareholders/:id',
  'GET /api/v1/shareholders/:id/statement',
  'GET /api/v1/shareholders/:id/statement.pdf',
  'GET /api/v1/certificates',
  'GET /api/v1/certificates/:id',
  'GET /api/v1/share-classes',
  'GET /api/v1/certificates/:id.pdf',
  'GET /api/v1/certificate-register',
  'GET /api/v1/cap-table',
  'GET /api/v1/stockholder-list',
  'GET /api/v1/stockholder-list.csv',
  'GET /api/v1/ledger',
  // The exports (decision 125): reads, each written to the audit log.
  ...(['csv', 'xlsx'] as const).flatMap((format) => [
    ...exportReports.map((report) => `GET ${exportPath(report, format)}`),
    `GET ${statementExportPath(format)}`,
  ]),
  'GET /api/v1/company/settings',
  'GET /api/v1/audit',
  'GET /api/v1/audit/chain',
  // The registry as an OCF package (decision 126): its audit entry records a read, not a change.
  'GET /api/v1/ocf/export',
  // The registry's own records through the CRM gateway's query cursor.
  'GET /api/v1/:provider/query/:cursor',
  // Their own login.
  'GET /auth/account',
  'GET /api/auth/list-sessions',
];

/** The only writes a read-only session may make: its own login's (who am I, sessions, password). */
const OWN_LOGIN_WRITES = [
  'POST /api/v1/userInfo',
  'POST /auth/set-password',
  'POST /api/auth/revoke-session',
  'POST /api/auth/revoke-sessions',
  'POST /api/auth/revoke-other-sessions',
];

const routes = () =>
  [...new Set(t.app.routeInventory)].filter((key) => {
    const path = key.split(' ')[1]!;
    return !publicPrefixes.some((p) => path.startsWith(p)) && accessPolicy[key] !== 'anonymous';
  });

/** A concrete URL for a route: every parameter a holder's id (the registry for `:provider`). */
const urlOf = (path: string, holderId: string) =>
  path
    .replace(':provider', 'registry')
    .replace(/:[A-Za-z]+/g, holderId)
    .replace('*', 'x');

/**
 * What a read-only caller could have changed, in one row. An export's audit entry records a
 * read (decision 125), not a change: it is left out of the count.
 */
const fingerprint = async () =>
  rows<Record<string, string>>(
    t.database.db,
    sql`select (select count(*) from ledger_operation)::text as operations,
               (select count(*) from share_transaction)::text as transactions,
               (select count(*) from certificate)::text as certificates,
               (select count(*) from audit_entry where ${recordsAChange()})::text as audit,
               (select count(*) from api_key)::text as keys,
               (select count(*) from shareholder)::text as holders,
               (select max(updated_at)::text from shareholder) as holder_change,
               (select string_agg(coalesce(authorized_shares::text, '-'), ',' order by id)
                  from share_class) as authorized`,
  );

let viewers = 0;
const readOnlyHolder = async () => {
  const viewer = await createHolder(s.db, s.organization.id, {
    name: 'Rhea Auditor',
    email: `auditor-${++viewers}-${s.organization.id.slice(0, 8)}@example.test`,
    readOnly: true,
  });
  return { viewer, headers: await signInAs(t, viewer.email!) };
};

describe('a read-only holder', () => {
  it('reaches the listed reads, and no other route but their own login', async () => {
    const { headers } = await readOnlyHolder();
    const before = await fingerprint();
    const reached: string[] = [];
    for (const key of routes()) {
      if (OWN_LOGIN_WRITES.includes(key)) continue; // called on purpose below, not blindly
      const [method, path] = key.split(' ') as [Method, string];
      const res = await injectJson(t, method, urlOf(path, s.alice.id), headers, {});
      if (res.statusCode === 401) throw new Error(`${key}: the session was not taken`);
      if (res.statusCode !== 403) reached.push(key);
      else expect(res.json(), key).toMatchObject({ code: 'AUTH.FORBIDDEN' });
    }
    expect(reached.sort()).toEqual([...READS].sort());
    expect(await fingerprint()).toEqual(before);
  });

  it('reads any holder of the company: profile, statement, directory', async () => {
    const { headers } = await readOnlyHolder();
    const statement = await injectJson(
      t,
      'GET',
      `/api/v1/shareholders/${s.alice.id}/statement`,
      headers,
    );
    expect(statement.statusCode).toBe(200);
    expect(statementResponse.parse(statement.json()).totals.common).toBe('150.00');
    const profile = await injectJson(t, 'GET', `/api/v1/shareholders/${s.bob.id}`, headers);
    expect(profileResponse.parse(profile.json())).toMatchObject({
      name: 'Bob',
      canEditName: false,
    });
    const directory = await injectJson(t, 'GET', '/api/v1/shareholders', headers);
    expect(directory.statusCode).toBe(200);
  });

  it('is told it is read-only, and cannot save even their own profile', async () => {
    const { viewer, headers } = await readOnlyHolder();
    const me = await injectJson(t, 'POST', '/api/v1/userInfo', headers, {});
    expect(userInfo.parse(me.json())).toMatchObject({ isAdmin: false, isReadOnly: true });
    const save = await injectJson(t, 'PUT', `/api/v1/shareholders/${viewer.id}`, headers, {
      ShareholderId: viewer.id,
      FullName: 'Rhea Auditor',
      State: '',
      City: '',
      Address: '',
      ZipCode: '',
      Phone: '',
      CellPhone: '',
      Notes: 'changed',
    });
    expectErrorAnswer(save, 403, {
      code: 'AUTH.FORBIDDEN',
      message: 'Your access is read-only: you can see the registry but not change it.',
    });
  });

  it('sees nothing of another company', async () => {
    const { headers } = await readOnlyHolder();
    const [other] = await rows<{ id: string }>(
      s.db,
      sql`insert into organization (legal_name) values ('Elsewhere, Inc.') returning id`,
    );
    const stranger = await createHolder(s.db, other!.id, { name: 'Stranger' });
    const res = await injectJson(t, 'GET', `/api/v1/shareholders/${stranger.id}`, headers);
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/v1/shareholders/:id/access', () => {
  const setAccess = (id: string, access: unknown, headers = s.as.admin) =>
    injectJson(t, 'PUT', `/api/v1/shareholders/${id}/access`, headers, { access });

  it('an administrator makes a holder read-only, which takes effect at once, and back', async () => {
    const holder = await createHolder(s.db, s.organization.id, {
      name: 'Bo Board',
      email: `board-${s.organization.id.slice(0, 8)}@example.test`,
    });
    const headers = await signInAs(t, holder.email!);
    const before = await injectJson(t, 'GET', `/api/v1/shareholders/${s.alice.id}`, headers);
    expect(before.statusCode).toBe(404);

    const made = await setAccess(holder.id, 'read-only');
    expect(made.statusCode).toBe(200);
    expect(profileResponse.parse(made.json()).access).toBe('read-only');
    const after = await injectJson(t, 'GET', `/api/v1/shareholders/${s.alice.id}`, headers);
    expect(after.statusCode).toBe(200);
    const [entry] = await rows<{ action: string; after: unknown }>(
      s.db,
      sql`select action, after from audit_entry where entity_id = ${holder.id}
           order by created_at desc limit 1`,
    );
    expect(entry).toEqual({ action: 'shareholder.access_changed', after: { access: 'read-only' } });

    const back = await setAccess(holder.id, 'holder');
    expect(profileResponse.parse(back.json()).access).toBe('holder');
    const again = await injectJson(t, 'GET', `/api/v1/shareholders/${s.alice.id}`, headers);
    expect(again.statusCode).toBe(404);
  });

  it("refuses an administrator's record, a bad access, a holder, another company's holder", async () => {
    expectErrorAnswer(await setAccess(s.admin.id, 'read-only'), 409, {
      code: 'SHAREHOLDER.IS_ADMINISTRATOR',
      message: holderMessages.accessOfAdministrator,
    });
    const bad = await setAccess(s.bob.id, 'administrator');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'access' });
    expect((await setAccess(s.bob.id, 'read-only', s.as.alice)).statusCode).toBe(403);
    expect((await setAccess('00000000-0000-4000-8000-000000000000', 'holder')).statusCode).toBe(
      404,
    );
    const profile = await injectJson(t, 'GET', `/api/v1/shareholders/${s.bob.id}`, s.as.admin);
    expect(profileResponse.parse(profile.json()).access).toBe('holder');
  });
});
