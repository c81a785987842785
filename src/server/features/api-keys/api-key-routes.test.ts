import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../../contract/api-keys';
import { rows } from '../../db/sql';
import { injectJson, type Method } from '../../test-support/inject-json';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { useTestApp } from '../../test-support/use-test-app';

const t = useTestApp();
const a = useLedgerScenario(t);
const b = useLedgerScenario(t);

const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  injectJson(t, method, url, headers, payload);
const create = async (as: Record<string, string>, name: string, scopes: string[]) => {
  const res = await call('POST', '/api/v1/api-keys', as, { name, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>();
};
const withKey = (key: string) => ({ 'x-api-key': key });

describe('API keys: create, list, use, revoke', () => {
  it('answers the key once and keeps only its hash', async () => {
    const created = await create(a.as.admin, 'Reporting', ['ledger:read', 'data:read']);
    expect(created.key).toMatch(/^srk_[\w-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    const stored = await rows<{ hash: string; scopes: string[] }>(
      t.database.db,
      sql`select hash, scopes from api_key where id = ${created.id}`,
    );
    expect(stored[0]!.hash).not.toContain(created.key);
    expect(stored[0]!.scopes).toEqual(['ledger:read', 'data:read']);
    const list = await call('GET', '/api/v1/api-keys', a.as.admin);
    expect(list.body).not.toContain(created.key);
    expect(list.json<{ rows: unknown[] }>().rows).toContainEqual({
      id: created.id,
      name: 'Reporting',
      scopes: ['ledger:read', 'data:read'],
      prefix: created.prefix,
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
  });

  it('reaches the routes its scopes name, in its own organization, and records its use', async () => {
    const { key, id } = await create(a.as.admin, 'Directory reader', ['ledger:read']);
    const directory = await call('GET', '/api/v1/shareholders', withKey(key));
    expect(directory.statusCode).toBe(200);
    expect(directory.body).toContain('Alice');
    expect(directory.body).not.toContain(b.organization.id);
    // Not its scope: the data layer, the ledger's writes, another holder's own routes.
    expect(
      (await call('POST', '/api/v1/mysql/query', withKey(key), { entity: 'tenants' })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/v1/shareholders/${a.alice.id}`, withKey(key))).statusCode).toBe(
      403,
    );
    const [used] = await rows<{ used: boolean }>(
      t.database.db,
      sql`select last_used_at is not null as used from api_key where id = ${id}`,
    );
    expect(used!.used).toBe(true);
  });

  it('writes without a cookie need no CSRF Origin, and are in the audit log with the key name', async () => {
    const { key, id } = await create(a.as.admin, 'Importer', ['data:write', 'ledger:write']);
    const tenant = await call('POST', '/api/v1/mysql/create/tenants', withKey(key), {
      name: 'Key Tenant',
      tenant_key: 'key-tenant',
      status: 'active',
    });
    expect(tenant.statusCode, tenant.body).toBe(201);
    const issued = await call(
      'POST',
      '/api/v1/transactions',
      { ...withKey(key), 'idempotency-key': randomUUID() },
      { ShareholderId: a.carol.id, ShareDate: '2024-05-01', Shares: '3', Type: 'New Issue' },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const audit = await rows<{ action: string; after: { key: string; route: string } }>(
      t.database.db,
      sql`select action, after from audit_entry where entity_type = 'api_key' and entity_id = ${id}
           order by id`,
    );
    expect(audit.map((e) => [e.action, e.after.key, e.after.route])).toEqual([
      ['api_key.created', 'Importer', undefined],
      ['api_key.request', 'Importer', 'POST /api/v1/mysql/create/:entity'],
      ['api_key.request', 'Importer', 'POST /api/v1/transactions'],
    ]);
    const [recorded] = await rows<{ recorded_by: string }>(
      t.database.db,
      sql`select recorded_by from ledger_operation
           where id = ${issued.json<{ operationId: string }>().operationId}`,
    );
    expect(recorded!.recorded_by).toBe(`api-key:${id}`);
  });

  it("is refused at once after revocation; revoking twice or another organization's key is 404", async () => {
    const { key, id } = await create(a.as.admin, 'Short-lived', ['ledger:read']);
    expect((await call('GET', '/api/v1/shareholders', withKey(key))).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/api-keys/${id}`, b.as.admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/api-keys/${id}`, a.as.admin)).statusCode).toBe(200);
    const refused = await call('GET', '/api/v1/shareholders', withKey(key));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'AUTH.INVALID_API_KEY' });
    expect((await call('DELETE', `/api/v1/api-keys/${id}`, a.as.admin)).statusCode).toBe(404);
    const listed = await call('GET', '/api/v1/api-keys', a.as.admin);
    expect(listed.body).not.toContain(id);
  });
});

describe('API keys: who may, and what is refused', () => {
  it('only administrators with a session manage keys', async () => {
    const { key } = await create(a.as.admin, 'Everything', [
      'data:read',
      'data:write',
      'ledger:read',
      'ledger:write',
      'gateway',
    ]);
    for (const as of [a.as.alice, withKey(key)]) {
      expect((await call('GET', '/api/v1/api-keys', as)).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/v1/api-keys', as, { name: 'x', scopes: ['gateway'] })).statusCode,
      ).toBe(403);
    }
    expect((await call('GET', '/api/v1/api-keys', {})).statusCode).toBe(401);
  });

  it('names the field of a bad request, and a taken name', async () => {
    const bad = [
      [{ name: '', scopes: ['gateway'] }, 'name'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x', scopes: ['root'] }, 'scopes.0'],
      [{ name: 'x\u0000y', scopes: ['gateway'] }, 'name'],
      [{ name: 'x'.repeat(101), scopes: ['gateway'] }, 'name'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await call('POST', '/api/v1/api-keys', a.as.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ field });
    }
    await create(a.as.admin, 'Twice', ['gateway']);
    const again = await call('POST', '/api/v1/api-keys', a.as.admin, {
      name: 'Twice',
      scopes: ['gateway'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'API_KEY.NAME_TAKEN', field: 'name' });
    // Another organization may use the same name.
    await create(b.as.admin, 'Twice', ['gateway']);
  });

  it('refuses an unknown key, and another organization in x-organization-id', async () => {
    const { key } = await create(a.as.admin, 'Header check', ['ledger:read']);
    const unknown = await call('GET', '/api/v1/shareholders', withKey(`srk_${'x'.repeat(43)}`));
    expect(unknown.statusCode).toBe(401);
    const own = await call('GET', '/api/v1/shareholders', {
      ...withKey(key),
      'x-organization-id': a.organization.id,
    });
    expect(own.statusCode).toBe(200);
    const other = await call('GET', '/api/v1/shareholders', {
      ...withKey(key),
      'x-organization-id': b.organization.id,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      code: 'AUTH.ORGANIZATION_MISMATCH',
      field: 'x-organization-id',
    });
    const session = await call('GET', '/api/v1/shareholders', {
      ...b.as.admin,
      'x-organization-id': a.organization.id,
    });
    expect(session.statusCode).toBe(403);
  });

  it('shows the organization id that x-organization-id must equal: in userInfo and the key answers', async () => {
    const created = await create(a.as.admin, 'Org id', ['ledger:read']);
    expect(created.organizationId).toBe(a.organization.id);
    const list = await call('GET', '/api/v1/api-keys', a.as.admin);
    expect(list.json()).toMatchObject({ organizationId: a.organization.id });
    for (const who of [a.as.admin, a.as.alice]) {
      const me = await call('POST', '/api/v1/userInfo', who);
      expect(me.json()).toMatchObject({ organizationId: a.organization.id });
    }
    expect((await call('POST', '/api/v1/userInfo', b.as.admin)).json()).toMatchObject({
      organizationId: b.organization.id,
    });
    // What the answers show is what the header takes.
    const shown = created.organizationId;
    const own = await call('GET', '/api/v1/shareholders', {
      ...withKey(created.key),
      'x-organization-id': shown,
    });
    expect(own.statusCode).toBe(200);
  });

  it('limits each key to 600 requests a minute, with Retry-After', async () => {
    const { key } = await create(a.as.admin, 'Busy', ['ledger:read']);
    const statuses: number[] = [];
    for (let i = 0; i < 601; i++)
      statuses.push((await call('GET', '/api/v1/mysql/schema', withKey(key))).statusCode);
    // data:read is not its scope: 403 until the limit, then 429.
    expect(statuses.slice(0, 600).every((s) => s === 403)).toBe(true);
    const limited = await call('GET', '/api/v1/shareholders', withKey(key));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  }, 120_000);
});

describe('a session and an API key together (issue 23)', () => {
  const transfer = (headers: Record<string, string>) =>
    call(
      'POST',
      '/api/v1/transactions',
      { ...headers, 'idempotency-key': randomUUID() },
      { ShareholderId: a.carol.id, ShareDate: '2024-05-02', Shares: '2', Type: 'New Issue' },
    );

  it('does what both allow: the role of the session and the scopes of the key', async () => {
    const { key } = await create(a.as.admin, 'Spec client', ['ledger:read']);
    const both = { ...a.as.admin, ...withKey(key), 'x-organization-id': a.organization.id };
    const directory = await call('GET', '/api/v1/shareholders', both);
    expect(directory.statusCode, directory.body).toBe(200);
    expect(directory.body).toContain('Alice');
    // The administrator may record a transaction, the key may not: refused.
    const issued = await transfer(both);
    expect(issued.statusCode, issued.body).toBe(403);
    // The key may read the directory, the shareholder may not: refused.
    const holder = await call('GET', '/api/v1/shareholders', { ...a.as.alice, ...withKey(key) });
    expect(holder.statusCode, holder.body).toBe(403);
    // A route for the session alone is not widened by the key, nor refused: the session's own.
    const info = await call('POST', '/api/v1/userInfo', { ...a.as.alice, ...withKey(key) });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ SH_ID: a.alice.id, isAdmin: false });
    // Routes the table grants to no key are refused with one, even to a session that may.
    const statement = `/api/v1/shareholders/${a.alice.id}/statement`;
    expect((await call('GET', statement, a.as.alice)).statusCode).toBe(200);
    expect((await call('GET', statement, { ...a.as.alice, ...withKey(key) })).statusCode).toBe(403);
    const keys = await call('POST', '/api/v1/api-keys', both, { name: 'y', scopes: ['gateway'] });
    expect(keys.statusCode, keys.body).toBe(403);
  });

  it('names both the session user and the key in the audit log', async () => {
    const { key, id } = await create(a.as.admin, 'Spec writer', ['ledger:read', 'ledger:write']);
    const issued = await transfer({ ...a.as.admin, ...withKey(key) });
    expect(issued.statusCode, issued.body).toBe(201);
    const info = (await call('POST', '/api/v1/userInfo', a.as.admin)).json<{ userId: string }>();
    const [entry] = await rows<{
      actor_user_id: string;
      after: { key: string };
      request_id: string;
    }>(
      t.database.db,
      sql`select actor_user_id, after, request_id from audit_entry
           where action = 'api_key.request' and entity_id = ${id}`,
    );
    expect(entry).toMatchObject({ actor_user_id: info.userId, after: { key: 'Spec writer' } });
    // The ledger's own entry of the same request: the administrator, as for a session alone.
    const ledger = await rows<{ action: string; actor_user_id: string }>(
      t.database.db,
      sql`select action, actor_user_id from audit_entry
           where request_id = ${entry!.request_id} and action like 'ledger.%'`,
    );
    expect(ledger).toEqual([{ action: 'ledger.New Issue', actor_user_id: info.userId }]);
  });

  it('refuses a key of another organization (403), a bad key (401), a dead session (401)', async () => {
    const { key } = await create(a.as.admin, 'Company A', ['ledger:read']);
    const other = await call('GET', '/api/v1/shareholders', { ...b.as.admin, ...withKey(key) });
    expect(other.statusCode, other.body).toBe(403);
    expect(other.json()).toMatchObject({ code: 'AUTH.ORGANIZATION_MISMATCH' });
    const bad = await call('GET', '/api/v1/shareholders', {
      ...a.as.admin,
      ...withKey(`srk_${'y'.repeat(43)}`),
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'AUTH.INVALID_API_KEY' });
    const dead = await call('GET', '/api/v1/shareholders', {
      cookie: 'registry.session_token=not-a-session.c2ln',
      ...withKey(key),
    });
    expect(dead.statusCode, dead.body).toBe(401);
    expect(dead.json()).toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
  });
});

describe('API keys reach only the routes granted to keys (issue 23)', () => {
  it('are refused on the routes for signed-in people with 403, never 500 or 200', async () => {
    const { key } = await create(a.as.admin, 'All scopes', [
      'data:read',
      'data:write',
      'ledger:read',
      'ledger:write',
      'gateway',
    ]);
    const personal: Array<[Method, string, unknown?]> = [
      ['POST', '/auth/set-password', { newPassword: 'a brand new passphrase' }],
      ['GET', '/auth/account'],
      ['POST', '/api/v1/userInfo'],
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/revoke-sessions', {}],
      ['POST', '/api/auth/revoke-other-sessions', {}],
      ['POST', '/api/auth/revoke-session', { id: 'x' }],
      ['POST', '/auth/admin/end-all-sessions'],
      ['GET', `/api/v1/shareholders/${a.alice.id}`],
    ];
    for (const [method, url, body] of personal) {
      const res = await call(method, url, withKey(key), body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'AUTH.FORBIDDEN' });
    }
  });
});
