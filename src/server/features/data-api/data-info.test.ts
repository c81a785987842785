import { beforeAll, describe, expect, it } from 'vitest';
import {
  dataActions,
  dataEntities,
  type DashboardResponse,
  type SchemaResponse,
} from '../../../contract/data-api';
import { useDataAdmin } from '../../test-support/data-api-fixtures';
import { useTestApp } from '../../test-support/use-test-app';
import { API } from '../../test-support/data-client';

const t = useTestApp();
const api = useDataAdmin(t);
let tenant_id: string;
beforeAll(async () => {
  tenant_id = (await api.create('tenants', { tenant_key: 'dash', name: 'Dash' })).id as string;
});

const month = (offset: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
};

describe('GET /api/v1/mysql/analytics/dashboard', () => {
  it('counts per entity and status, the pipeline, 12 months of orders, low stock, visits', async () => {
    for (const [status, value] of [
      ['new', '100.00'],
      ['new', '50.50'],
      ['qualified', '1000'],
    ])
      await api.create('leads', { tenant_id, status, value });
    const thisMonth = `${month(0)}-01`;
    const lastYear = `${month(-12)}-01`;
    for (const [n, amount, status, date] of [
      [1, '10.00', 'delivered', thisMonth],
      [2, '5.25', 'pending', thisMonth],
      [3, '99.00', 'cancelled', thisMonth],
      [4, '7.00', 'delivered', `${month(-2)}-15`],
      [5, '1.00', 'delivered', lastYear],
    ] as const)
      await api.create('orders', {
        tenant_id,
        order_number: `D-${n}`,
        total_amount: amount,
        status,
        order_date: date,
      });
    await api.create('products', { tenant_id, name: 'Low', current_stock: 2, min_stock_level: 2 });
    await api.create('products', {
      tenant_id,
      name: 'Empty',
      current_stock: 0,
      min_stock_level: 1,
    });
    await api.create('products', { tenant_id, name: 'Fine', current_stock: 9, min_stock_level: 1 });
    await api.create('products', {
      tenant_id,
      name: 'Untracked',
      inventory_tracked: false,
      current_stock: 0,
      min_stock_level: 5,
    });
    await api.create('visits', { tenant_id, status: 'completed' });
    await api.create('visits', { tenant_id });

    const res = await api.get(`${API}/analytics/dashboard`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<DashboardResponse>();
    expect(Object.keys(d.counts)).toEqual([...dataEntities]);
    expect(d.counts.leads).toEqual({
      total: 3,
      byStatus: expect.objectContaining({ new: 2, qualified: 1, closed_won: 0 }),
    });
    expect(d.counts.accounts).toEqual({ total: 0, byStatus: { customer: 0, prospect: 0 } });
    expect(d.leadPipeline).toEqual([
      { status: 'new', count: 2, value: '150.50' },
      { status: 'qualified', count: 1, value: '1000.00' },
    ]);
    expect(d.ordersByMonth).toHaveLength(12);
    expect(d.ordersByMonth[11]).toEqual({ month: month(0), orders: 3, revenue: '15.25' });
    expect(d.ordersByMonth[9]).toEqual({ month: month(-2), orders: 1, revenue: '7.00' });
    expect(d.ordersByMonth[0]!.month).toBe(month(-11));
    expect(d.lowStock.map((p) => p.name)).toEqual(['Empty', 'Low']);
    expect(d.visitsByStatus).toEqual({ scheduled: 1, completed: 1, cancelled: 0, no_show: 0 });
  });
});

describe('GET /api/v1/mysql/schema', () => {
  it('describes each entity: fields, relations, states, actions, and the operators', async () => {
    const res = await api.get(`${API}/schema`);
    expect(res.statusCode).toBe(200);
    const s = res.json<SchemaResponse>();
    expect(s.entities.map((e) => e.name)).toEqual([...dataEntities]);
    const contacts = s.entities.find((e) => e.name === 'contacts')!;
    expect(contacts.fields.map((f) => f.name)).toEqual([
      'id',
      'tenant_id',
      'account_id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'title',
      'department',
      'notes',
      'status',
      'preferred_contact_method',
      'birth_date',
      'created_at',
      'updated_at',
    ]);
    expect(contacts.fields).toContainEqual({
      name: 'account_id',
      type: 'uuid',
      nullable: true,
      references: 'accounts',
    });
    expect(contacts.fields).toContainEqual({
      name: 'status',
      type: 'enum',
      nullable: false,
      values: ['active', 'do_not_contact'],
    });
    expect(contacts.relations).toEqual([
      { name: 'tenant', entity: 'tenants', field: 'tenant_id' },
      { name: 'account', entity: 'accounts', field: 'account_id' },
    ]);
    for (const e of s.entities) expect(e.actions).toEqual([...dataActions[e.name]]);
    const orders = s.entities.find((e) => e.name === 'orders')!;
    expect(orders.states).toEqual({
      status: ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'],
      payment_status: ['pending', 'paid'],
    });
    expect(orders.fields).toContainEqual({
      name: 'total_amount',
      type: 'decimal',
      nullable: false,
    });
    expect(s.operators.text).toContain('LIKE');
    expect(s.operators.date).toContain('BETWEEN');
    expect(s.operators.boolean).not.toContain('LIKE');
    expect(s.aggregates).toEqual(['count', 'sum', 'avg', 'min', 'max']);
    expect(s.limits).toMatchObject({
      filters: 20,
      inValues: 100,
      orDepth: 3,
      joins: 3,
      maxLimit: 500,
    });
  });
});

describe('GET /api/v1/mysql/health', () => {
  it('stays: 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/health` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });
});
