import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BulkResponse } from '../../../contract/data-api';
import { useDataAdmin, useTenantWithRecords } from '../../test-support/data-api-fixtures';
import { useTestApp } from '../../test-support/use-test-app';
import { API } from '../../test-support/data-client';

const api = useDataAdmin(useTestApp());
const r = useTenantWithRecords(api);
const other = useTenantWithRecords(api);

const bulk = (operation: string, entity: string, body: Record<string, unknown>) =>
  api.post(`${API}/bulk/${operation}/${entity}`, body);
const count = async (entity: string, filters: Record<string, unknown> = {}) =>
  (await api.query({ entity, fields: ['count(*)'], filters }))[0]!.count;
const contacts = (n: number, extra: (i: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: n }, (_, i) => ({
    tenant_id: r.tenant.id,
    first_name: `Bulk ${i}`,
    last_name: 'Imported',
    ...extra(i),
  }));

/** A bulk write of three records with batchSize 2 succeeds in a batch of two and one of one. */
const expectThreeInBatchesOfTwo = (res: Awaited<ReturnType<typeof bulk>>) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({
    total: 3,
    batches: [
      { batch: 1, count: 2 },
      { batch: 2, count: 1 },
    ],
  });
};

describe('POST /api/v1/mysql/bulk/create/{entity}', () => {
  it('writes every record in batches of batchSize and counts each batch', async () => {
    const res = await bulk('create', 'contacts', { data: contacts(25), batchSize: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BulkResponse>();
    expect(body).toMatchObject({
      operation: 'create',
      entity: 'contacts',
      total: 25,
      batches: [
        { batch: 1, count: 10 },
        { batch: 2, count: 10 },
        { batch: 3, count: 5 },
      ],
    });
    expect(new Set(body.ids).size).toBe(25);
    const first = await api.query({ entity: 'contacts', filters: { id: body.ids[0] } });
    expect(first[0]).toMatchObject({ first_name: 'Bulk 0', status: 'active' });
    expect(await count('contacts', { last_name: 'Imported' })).toBe(25);
  });

  it('takes records that name different fields, each with its defaults', async () => {
    const res = await bulk('create', 'products', {
      data: [
        { tenant_id: r.tenant.id, name: 'A' },
        { tenant_id: r.tenant.id, name: 'B', price: 5, status: 'discontinued' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await api.query({
      entity: 'products',
      fields: ['name', 'price', 'status'],
      filters: { id: { operator: 'IN', value: res.json<BulkResponse>().ids } },
      orderBy: 'name',
    });
    expect(rows).toEqual([
      { name: 'A', price: '0.00', status: 'active' },
      { name: 'B', price: '5.00', status: 'discontinued' },
    ]);
  });

  it('writes nothing when one record fails, naming it by its index', async () => {
    const before = await count('contacts');
    const data = contacts(30, (i) =>
      i === 17 ? { birth_date: 'soon' } : i === 21 ? { first_name: 5 } : {},
    );
    const res = await bulk('create', 'contacts', { data, batchSize: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'data.17.birth_date',
      details: {
        errors: [
          { index: 17, field: 'data.17.birth_date' },
          { index: 21, field: 'data.21.first_name' },
        ],
      },
    });
    const crossTenant = contacts(12, (i) => (i === 11 ? { account_id: other.account.id } : {}));
    const refused = await bulk('create', 'contacts', { data: crossTenant, batchSize: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'DATA.INVALID_REFERENCE',
      field: 'data.11.account_id',
    });
    const duplicate = await bulk('create', 'orders', {
      data: [
        { tenant_id: r.tenant.id, order_number: 'DUP-1' },
        { tenant_id: r.tenant.id, order_number: 'DUP-1' },
      ],
      batchSize: 1,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(await count('orders', { order_number: 'DUP-1' })).toBe(0);
    expect(await count('contacts')).toBe(before);
  });

  it('refuses more than 10,000 records, none, or a record that is not an object', async () => {
    const tooMany = await bulk('create', 'contacts', { data: contacts(10_001) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ field: 'data' });
    expect((await bulk('create', 'contacts', { data: [] })).statusCode).toBe(400);
    const notObject = await bulk('create', 'contacts', { data: ['x'] });
    expect(notObject.json()).toMatchObject({ field: 'data.0' });
    expect((await bulk('create', 'contacts', { data: contacts(1), batchSize: 0 })).statusCode).toBe(
      400,
    );
    expect((await bulk('merge', 'contacts', { data: contacts(1) })).statusCode).toBe(400);
  });
});

describe('POST /api/v1/mysql/bulk/update/{entity}', () => {
  it('changes each record’s own fields', async () => {
    const { ids } = (await bulk('create', 'contacts', { data: contacts(3) })).json<BulkResponse>();
    const res = await bulk('update', 'contacts', {
      data: [
        { id: ids[0], title: 'CEO' },
        { id: ids[1], email: 'b@example.test', last_name: null },
        { id: ids[2] },
      ],
      batchSize: 2,
    });
    expectThreeInBatchesOfTwo(res);
    const rows = await api.query({
      entity: 'contacts',
      fields: ['first_name', 'last_name', 'title', 'email'],
      filters: { id: { operator: 'IN', value: ids } },
      orderBy: 'first_name',
    });
    expect(rows).toEqual([
      { first_name: 'Bulk 0', last_name: 'Imported', title: 'CEO', email: null },
      { first_name: 'Bulk 1', last_name: null, title: null, email: 'b@example.test' },
      { first_name: 'Bulk 2', last_name: 'Imported', title: null, email: null },
    ]);
  });

  it('changes nothing when a record is unknown, repeated, without id, or names no state', async () => {
    const { ids } = (await bulk('create', 'contacts', { data: contacts(2) })).json<BulkResponse>();
    for (const [data, status, field] of [
      [
        [
          { id: ids[0], title: 'X' },
          { id: randomUUID(), title: 'Y' },
        ],
        404,
        'data.1.id',
      ],
      [
        [
          { id: ids[0], title: 'X' },
          { id: ids[0], title: 'Y' },
        ],
        400,
        'data.1.id',
      ],
      [[{ id: ids[0], title: 'X' }, { title: 'Y' }], 400, 'data.1.id'],
      [
        [
          { id: ids[0], title: 'X' },
          { id: ids[1], status: 'archived' },
        ],
        400,
        'data.1.status',
      ],
      [
        [
          { id: ids[0], title: 'X' },
          { id: ids[1], account_id: other.account.id },
        ],
        400,
        'data.1.account_id',
      ],
    ] as const) {
      const res = await bulk('update', 'contacts', { data });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ field });
    }
    expect(await count('contacts', { title: 'X' })).toBe(0);
  });
});

describe('POST /api/v1/mysql/bulk/delete/{entity}', () => {
  it('deletes ids or {id} objects, all or none', async () => {
    const { ids } = (
      await bulk('create', 'product_lines', {
        data: [1, 2, 3].map((i) => ({ tenant_id: r.tenant.id, name: `Line ${i}` })),
      })
    ).json<BulkResponse>();
    const missing = await bulk('delete', 'product_lines', { data: [ids[0], randomUUID()] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ field: 'data.1' });
    const referenced = await bulk('delete', 'product_lines', { data: [ids[0], r.line.id] });
    expect(referenced.statusCode).toBe(409);
    expect(await count('product_lines', { id: { operator: 'IN', value: ids } })).toBe(3);
    const res = await bulk('delete', 'product_lines', {
      data: [ids[0], { id: ids[1] }, ids[2]],
      batchSize: 2,
    });
    expectThreeInBatchesOfTwo(res);
    expect(await count('product_lines', { id: { operator: 'IN', value: ids } })).toBe(0);
    const bad = await bulk('delete', 'product_lines', { data: [{ id: 'x' }] });
    expect(bad.statusCode).toBe(400);
  });
});
