import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useDataAdmin, useTenantWithRecords } from '../../test-support/data-api-fixtures';
import { useTestApp } from '../../test-support/use-test-app';
import { API } from '../../test-support/data-client';

const api = useDataAdmin(useTestApp());
const records = useTenantWithRecords(api);
const other = useTenantWithRecords(api);

describe('POST /api/v1/mysql/create/{entity}', () => {
  it('answers 201 with the whole row: defaults, exact money as strings, dates as dates', async () => {
    expect(records.tenant).toMatchObject({ status: 'active', business_type: null });
    expect(records.account).toMatchObject({ account_type: 'prospect', annual_revenue: '1000.50' });
    expect(records.lead).toMatchObject({ status: 'new', value: '2500.00' });
    expect(records.product).toMatchObject({
      status: 'active',
      price: '19.99',
      inventory_tracked: true,
      current_stock: 5,
    });
    expect(records.order).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      order_date: '2024-03-04',
      ship_date: null,
    });
    expect(records.visit).toMatchObject({ status: 'scheduled', visit_date: '2024-03-05' });
    expect(records.contact.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(records.contact).not.toHaveProperty('organization_id');
  });

  it('reads a JSON number exactly and accepts an initial state', async () => {
    const row = await api.create('orders', {
      tenant_id: records.tenant.id,
      order_number: `N-${randomUUID()}`,
      total_amount: 0.1,
      status: 'confirmed',
      payment_status: 'paid',
    });
    expect(row).toMatchObject({
      total_amount: '0.10',
      status: 'confirmed',
      payment_status: 'paid',
    });
  });

  it.each([
    ['contacts', { first_name: 'No tenant' }, 'tenant_id'],
    ['contacts', { tenant_id: 'not-a-uuid', first_name: 'X' }, 'tenant_id'],
    ['contacts', { tenant_id: '$T', first_name: '' }, 'first_name'],
    ['contacts', { tenant_id: '$T', first_name: 'Nul\u0000' }, 'first_name'],
    ['contacts', { tenant_id: '$T', first_name: 'X', birth_date: '1899-12-31' }, 'birth_date'],
    ['contacts', { tenant_id: '$T', first_name: 'X', shoe_size: 42 }, 'shoe_size'],
    ['contacts', { tenant_id: '$T', first_name: 'X', status: 'asleep' }, 'status'],
    ['accounts', { tenant_id: '$T', name: 'X', annual_revenue: '1.234' }, 'annual_revenue'],
    ['accounts', { tenant_id: '$T', name: 'X', employee_count: -1 }, 'employee_count'],
    ['products', { tenant_id: '$T', name: 'X', inventory_tracked: 'yes' }, 'inventory_tracked'],
    ['tenants', { tenant_key: 'k', name: 'X', id: randomUUID() }, 'id'],
    ['tenants', { tenant_key: 'k', name: 'X', created_at: '2024-01-01' }, 'created_at'],
  ])('refuses a bad %s field with 400 naming it (%o)', async (entity, body, field) => {
    const payload = JSON.parse(JSON.stringify(body).replace('$T', records.tenant.id as string));
    const res = await api.post(`${API}/create/${entity}`, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'HTTP.VALIDATION', field });
  });

  it('refuses a reference to another tenant’s record, or to no record, naming the field', async () => {
    for (const [entity, body, field] of [
      ['contacts', { account_id: other.account.id, first_name: 'X' }, 'account_id'],
      ['leads', { contact_id: other.contact.id }, 'contact_id'],
      ['products', { name: 'X', product_line_id: other.line.id }, 'product_line_id'],
      ['pets', { name: 'X', owner_contact_id: randomUUID() }, 'owner_contact_id'],
      ['visits', { pet_id: other.pet.id }, 'pet_id'],
      ['orders', { order_number: 'X', account_id: records.contact.id }, 'account_id'],
    ] as const) {
      const res = await api.post(`${API}/create/${entity}`, {
        tenant_id: records.tenant.id,
        ...body,
      });
      expect(res.statusCode, `${entity} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'DATA.INVALID_REFERENCE', field });
    }
  });

  it('answers 409 naming the field when a unique value is taken', async () => {
    for (const [entity, body, field] of [
      ['tenants', { tenant_key: records.tenant.tenant_key, name: 'Again' }, 'tenant_key'],
      ['products', { tenant_id: records.tenant.id, name: 'X', sku: records.product.sku }, 'sku'],
      [
        'orders',
        { tenant_id: records.tenant.id, order_number: records.order.order_number },
        'order_number',
      ],
    ] as const) {
      const res = await api.post(`${API}/create/${entity}`, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'DATA.DUPLICATE', field });
    }
    // The same SKU in another tenant is another product.
    await api.create('products', { tenant_id: other.tenant.id, name: 'X', sku: 'SHARED' });
    await api.create('products', { tenant_id: records.tenant.id, name: 'X', sku: 'SHARED' });
  });
});

describe('PUT /api/v1/mysql/update/{entity}/{id}', () => {
  it('changes only the fields given, clears one with null and moves updated_at', async () => {
    const contact = await api.create('contacts', {
      tenant_id: records.tenant.id,
      first_name: 'Grace',
      email: 'grace@example.test',
      phone: '555',
    });
    const res = await api.put(`${API}/update/contacts/${contact.id}`, {
      last_name: 'Hopper',
      phone: null,
      account_id: records.account.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.test',
      phone: null,
      account_id: records.account.id,
    });
    expect(res.json<{ updated_at: string }>().updated_at >= (contact.updated_at as string)).toBe(
      true,
    );
  });

  it('refuses a state its machine does not allow (409), a value that is no state or a move to another tenant (400)', async () => {
    for (const [entity, id, body, status, field, message] of [
      [
        'leads',
        records.lead.id,
        { status: 'qualified' },
        409,
        'status',
        'Cannot change status from new to qualified',
      ],
      [
        'orders',
        records.order.id,
        { status: 'delivered' },
        409,
        'status',
        'Cannot deliver from status: pending',
      ],
      ['accounts', records.account.id, { account_type: 'partner' }, 400, 'account_type', undefined],
      ['contacts', records.contact.id, { tenant_id: other.tenant.id }, 400, 'tenant_id', undefined],
    ] as const) {
      const res = await api.put(`${API}/update/${entity}/${String(id)}`, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ field, ...(message ? { message } : {}) });
    }
    const lead = await api.query({ entity: 'leads', filters: { id: records.lead.id } });
    expect(lead[0]!.status).toBe('new');
  });

  it('answers 404 for an unknown id, 400 for a reference into another tenant', async () => {
    const missing = await api.put(`${API}/update/contacts/${randomUUID()}`, { first_name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'DATA.NOT_FOUND', message: 'Contact not found' });
    const res = await api.put(`${API}/update/contacts/${records.contact.id}`, {
      account_id: other.account.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'DATA.INVALID_REFERENCE', field: 'account_id' });
  });
});

describe('DELETE /api/v1/mysql/delete/{entity}/{id}', () => {
  it('deletes a record no one refers to, then answers 404', async () => {
    const line = await api.create('product_lines', { tenant_id: records.tenant.id, name: 'Gone' });
    const res = await api.del(`${API}/delete/product_lines/${line.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: line.id, deleted: true });
    expect((await api.del(`${API}/delete/product_lines/${line.id}`)).statusCode).toBe(404);
  });

  it('answers 409 while other records refer to it, and deletes nothing', async () => {
    for (const [entity, id, by] of [
      ['accounts', records.account.id, 'account_id'],
      ['contacts', records.contact.id, 'contact_id'],
      ['pets', records.pet.id, 'pet_id'],
      ['tenants', records.tenant.id, 'tenant_id'],
      ['product_lines', records.line.id, 'product_line_id'],
    ] as const) {
      const res = await api.del(`${API}/delete/${entity}/${String(id)}`);
      expect(res.statusCode, `${entity} ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({ code: 'DATA.REFERENCED' });
      expect(res.json<{ message: string }>().message).toContain(by);
    }
    expect(
      await api.query({ entity: 'accounts', filters: { id: records.account.id } }),
    ).toHaveLength(1);
  });

  it('answers 400 for an id that is not a uuid and for an unknown entity', async () => {
    expect((await api.del(`${API}/delete/contacts/42`)).statusCode).toBe(400);
    expect((await api.del(`${API}/delete/shareholders/${randomUUID()}`)).statusCode).toBe(400);
  });
});

describe('the generic routes reach product lines, pets and visits', () => {
  it('creates, updates and deletes each', async () => {
    const tenant_id = records.tenant.id;
    for (const [entity, body, change] of [
      ['product_lines', { tenant_id, name: 'Toys' }, { description: 'Chew toys' }],
      ['pets', { tenant_id, name: 'Tom', weight: 4.5 }, { breed: 'Tabby' }],
      ['visits', { tenant_id, visit_type: 'dental' }, { total_cost: '120.00' }],
    ] as const) {
      const row = await api.create(entity, body);
      const put = await api.put(`${API}/update/${entity}/${String(row.id)}`, change);
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject(change);
      expect((await api.del(`${API}/delete/${entity}/${String(row.id)}`)).statusCode).toBe(200);
    }
  });
});
