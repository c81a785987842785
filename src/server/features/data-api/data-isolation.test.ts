import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dataActions,
  dataEntities,
  restEntities,
  type DataEntity,
} from '../../../contract/data-api';
import { rows } from '../../db/sql';
import { recordOf, type TenantRecords } from '../../test-support/data-api-fixtures';
import { useTestApp } from '../../test-support/use-test-app';
import {
  API,
  dataClient,
  dataOrganization,
  tenantWithRecords,
  type DataClient,
} from '../../test-support/data-client';
import { registry } from '../../data-layer/entity-registry';

// No request of one organization reads or writes another's rows: organization A tries every
// route with organization B's ids, and B's rows are the same afterwards.

const t = useTestApp();
let a: DataClient;
let b: DataClient;
let ours: TenantRecords;
let theirs: TenantRecords;
let holder: Record<string, string>;

/** Every data row of organization B, as the database holds it. */
const snapshot = async (organizationId: string) => {
  const all: Record<string, unknown[]> = {};
  for (const def of Object.values(registry))
    all[def.name] = await rows(
      t.database.db,
      sql`select * from ${sql.identifier(def.table)} where organization_id = ${organizationId} order by id`,
    );
  return JSON.stringify(all);
};

let theirOrganization: string;
beforeAll(async () => {
  const orgA = await dataOrganization(t, 'Ours');
  const orgB = await dataOrganization(t, 'Theirs');
  a = orgA.api;
  b = orgB.api;
  holder = await orgA.holder();
  theirOrganization = orgB.organizationId;
  ours = await tenantWithRecords(a, 'same-key');
  theirs = await tenantWithRecords(b, 'same-key');
});

describe('two organizations', () => {
  it('never see each other’s records through query, lists or the dashboard', async () => {
    for (const entity of dataEntities) {
      const all = await a.query({ entity, fields: ['id'], limit: 500 });
      expect(
        all.map((r) => r.id),
        entity,
      ).toEqual([recordOf(ours, entity).id]);
      expect(await a.query({ entity, filters: { id: recordOf(theirs, entity).id } })).toEqual([]);
    }
    const joined = await a.query({
      entity: 'visits',
      fields: ['pet.name', 'contact.first_name', 'tenant.name'],
      joins: ['pet', 'contact', 'tenant'],
    });
    expect(joined).toHaveLength(1);
    for (const entity of restEntities) {
      const list = (await a.get(`${API}/${entity}?pageSize=500`)).json<{ total: number }>();
      expect(list.total, entity).toBe(1);
      const other = (await a.get(`${API}/${entity}?tenant_id=${String(theirs.tenant.id)}`)).json();
      expect(other, entity).toMatchObject({ total: 0 });
    }
    const dashboard = (await a.get(`${API}/analytics/dashboard`)).json<{
      counts: Record<string, { total: number }>;
    }>();
    for (const entity of dataEntities) expect(dashboard.counts[entity]!.total, entity).toBe(1);
  });

  it('cannot read, change, delete or act on the other’s records (404), nor refer to them (400)', async () => {
    const before = await snapshot(theirOrganization);
    for (const entity of dataEntities) {
      const id = String(recordOf(theirs, entity).id);
      const calls = [
        a.put(`${API}/update/${entity}/${id}`, {}),
        a.del(`${API}/delete/${entity}/${id}`),
        a.post(`${API}/bulk/update/${entity}`, { data: [{ id }] }),
        a.post(`${API}/bulk/delete/${entity}`, { data: [id] }),
        ...dataActions[entity].map((action) =>
          a.post(`${API}/${entity}/${id}/${action}`, {
            delta: action === 'adjust-stock' ? 1 : undefined,
            note: action === 'medical-notes' ? 'x' : undefined,
            status: action === 'status' ? 'inactive' : undefined,
          }),
        ),
        ...((restEntities as readonly string[]).includes(entity)
          ? [
              a.get(`${API}/${entity}/${id}`),
              a.put(`${API}/${entity}/${id}`, {}),
              a.del(`${API}/${entity}/${id}`),
            ]
          : []),
      ];
      for (const res of await Promise.all(calls)) {
        expect([400, 404], `${entity} ${res.body}`).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json()).toMatchObject({ field: 'status' });
      }
    }
    const refs: Array<[DataEntity, Record<string, unknown>, string]> = [
      ['accounts', { tenant_id: theirs.tenant.id, name: 'X' }, 'tenant_id'],
      [
        'contacts',
        { tenant_id: ours.tenant.id, first_name: 'X', account_id: theirs.account.id },
        'account_id',
      ],
      ['visits', { tenant_id: ours.tenant.id, pet_id: theirs.pet.id }, 'pet_id'],
    ];
    for (const [entity, body, field] of refs) {
      const res = await a.post(`${API}/create/${entity}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'DATA.INVALID_REFERENCE', field });
    }
    const bulk = await a.post(`${API}/bulk/create/contacts`, {
      data: [{ tenant_id: theirs.tenant.id, first_name: 'X' }],
    });
    expect(bulk.json()).toMatchObject({ field: 'data.0.tenant_id' });
    const moved = await a.put(`${API}/update/contacts/${String(ours.contact.id)}`, {
      account_id: theirs.account.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(await snapshot(theirOrganization)).toBe(before);
    // Their records are still theirs to use.
    expect((await b.get(`${API}/contacts/${String(theirs.contact.id)}`)).statusCode).toBe(200);
  });
});

describe('who may call the database API', () => {
  const routes = () =>
    t.app.routeInventory
      .filter((r) => r.includes(' /api/v1/mysql/') && !r.endsWith('/health'))
      .map((r) => {
        const [method, path] = r.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
        const url = path
          .replace(':operation', 'create')
          .replace(':entity', 'contacts')
          .replace(':id', String(ours.contact.id))
          .replace(':action', 'status');
        return { method, url };
      });

  it('lists 38 routes besides health: 8 shared, 5 of each REST entity', () => {
    expect(routes()).toHaveLength(8 + 5 * restEntities.length);
  });

  it('answers 401 to an anonymous caller and 403 to a shareholder, on every route', async () => {
    const stranger = dataClient(t, {});
    const shareholder = dataClient(t, holder);
    for (const { method, url } of routes()) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      const anonymous = await stranger.send(method, url, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const denied = await shareholder.send(method, url, payload);
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
      expect(denied.json()).toMatchObject({ code: 'AUTH.FORBIDDEN' });
    }
    expect((await stranger.get(`${API}/health`)).statusCode).toBe(200);
  });
});
