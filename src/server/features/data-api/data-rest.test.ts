import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { restEntities, type DataListResponse } from '../../../contract/data-api';
import { useDataAdmin, useTenantWithRecords } from '../../test-support/data-api-fixtures';
import { useTestApp } from '../../test-support/use-test-app';
import { API } from '../../test-support/data-client';
import { createdRange } from './list-records';

const t = useTestApp();
const api = useDataAdmin(t);
const a = useTenantWithRecords(api);
const b = useTenantWithRecords(api);
beforeAll(async () => {
  for (const [first, last] of [
    ['Zoe', 'Zimmer'],
    ['Bea', 'Brown'],
    ['Cal', '100%_off'],
  ])
    await api.create('contacts', { tenant_id: a.tenant.id, first_name: first, last_name: last });
  // One contact created 40 days ago, for the date range.
  const old = await api.create('contacts', { tenant_id: a.tenant.id, first_name: 'Old' });
  await t.database.db.execute(
    sql`update data_contact set created_at = now() - interval '40 days' where id = ${old.id}`,
  );
});

const list = async (entity: string, query = '') => {
  const res = await api.get(`${API}/${entity}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DataListResponse>();
};
const names = (r: DataListResponse) => r.data.map((c) => c.first_name);

describe('GET /api/v1/mysql/{entity}', () => {
  it.each(restEntities)('lists %s with the total, newest first', async (entity) => {
    const r = await list(entity);
    expect(r.total).toBeGreaterThanOrEqual(2);
    expect(r).toMatchObject({ page: 1, pageSize: 50 });
    const created = r.data.map((row) => row.created_at as string);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('pages with page and pageSize, sorts with sort and dir', async () => {
    const all = await list('contacts', '?sort=first_name&dir=asc&pageSize=500');
    const sorted = names(all);
    expect(sorted).toEqual([...sorted].sort());
    const second = await list('contacts', '?sort=first_name&pageSize=2&page=2');
    expect(names(second)).toEqual(sorted.slice(2, 4));
    expect(second.total).toBe(all.total);
    const desc = await list('contacts', '?sort=first_name&dir=desc&pageSize=1');
    expect(names(desc)).toEqual([sorted[sorted.length - 1]]);
  });

  it('searches the entity’s text fields, % and _ taken literally, case ignored', async () => {
    expect(names(await list('contacts', '?search=zimm'))).toEqual(['Zoe']);
    expect(names(await list('contacts', `?search=${encodeURIComponent('0%_')}`))).toEqual(['Cal']);
    expect((await list('contacts', '?search=%25')).total).toBe(1);
    expect((await list('products', '?search=kibble')).total).toBe(2);
  });

  it('filters by status (accounts: account_type) and tenant_id', async () => {
    await api.act('accounts', a.account.id, 'convert');
    expect((await list('accounts', '?status=customer')).data.map((r) => r.id)).toEqual([
      a.account.id,
    ]);
    expect((await list('leads', '?status=closed_won')).total).toBe(0);
    const own = await list('contacts', `?tenant_id=${b.tenant.id}`);
    expect(own.data.map((r) => r.id)).toEqual([b.contact.id]);
    expect((await list('tenants', `?tenant_id=${b.tenant.id}`)).total).toBe(1);
  });

  it('limits created_at to a date range; recent=true is the last 30 days', async () => {
    const total = (await list('contacts')).total;
    expect((await list('contacts', '?recent=true')).total).toBe(total - 1);
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await list('contacts', `?from=${day(-45)}&to=${day(-35)}`)).total).toBe(1);
    expect((await list('contacts', `?from=${day(-45)}`)).total).toBe(total);
    expect((await list('contacts', `?to=${day(0)}`)).total).toBe(total - 1);
  });

  it('refuses an unknown sort field or status, a bad page or date, from after to', async () => {
    for (const [query, field] of [
      ['?sort=password', 'sort'],
      ['?status=asleep', 'status'],
      ['?page=0', 'page'],
      ['?pageSize=501', 'pageSize'],
      ['?from=2024-02-30', 'from'],
      ['?from=2024-02-02&to=2024-02-01', 'from'],
      ['?recent=yes', 'recent'],
      ['?tenant_id=nope', 'tenant_id'],
    ]) {
      const res = await api.get(`${API}/contacts${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ field });
    }
    // Pets have no REST routes of their own (the generic ones serve them).
    expect((await api.get(`${API}/pets`)).statusCode).toBe(404);
  });
});

describe('the date range defaults', () => {
  const now = new Date('2024-06-30T12:00:00.000Z');
  const q = { page: 1, pageSize: 50 };
  it('fills the missing end with 30 days ago or now', () => {
    expect(createdRange({ ...q, from: '2024-06-01' }, now)).toEqual([
      '2024-06-01T00:00:00.000Z',
      '2024-06-30T12:00:00.000Z',
    ]);
    expect(createdRange({ ...q, to: '2024-06-10' }, now)).toEqual([
      '2024-05-31T12:00:00.000Z',
      '2024-06-10T23:59:59.999Z',
    ]);
    expect(createdRange({ ...q, recent: true }, now)).toEqual([
      '2024-05-31T12:00:00.000Z',
      '2024-06-30T12:00:00.000Z',
    ]);
    expect(createdRange(q, now)).toBeUndefined();
  });
});

describe('POST, GET, PUT and DELETE on /api/v1/mysql/{entity}[/{id}]', () => {
  it('creates (201), reads, changes and deletes a record', async () => {
    const created = await api.post(`${API}/leads`, { tenant_id: a.tenant.id, source: 'web' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const got = await api.get(`${API}/leads/${id}`);
    expect(got.json()).toMatchObject({ id, source: 'web', status: 'new' });
    const put = await api.put(`${API}/leads/${id}`, { notes: 'called back' });
    expect(put.json()).toMatchObject({ id, notes: 'called back' });
    expect((await api.del(`${API}/leads/${id}`)).json()).toEqual({ id, deleted: true });
    const gone = await api.get(`${API}/leads/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 'DATA.NOT_FOUND', message: 'Lead not found' });
  });

  it('answers 404 for an unknown id on each entity', async () => {
    for (const entity of restEntities) {
      const id = randomUUID();
      expect((await api.get(`${API}/${entity}/${id}`)).statusCode, entity).toBe(404);
      expect((await api.put(`${API}/${entity}/${id}`, {})).statusCode, entity).toBe(404);
      expect((await api.del(`${API}/${entity}/${id}`)).statusCode, entity).toBe(404);
    }
  });
});
