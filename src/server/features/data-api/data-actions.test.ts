import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../ledger';
import { useDataAdmin } from '../../test-support/data-api-fixtures';
import { useTestApp } from '../../test-support/use-test-app';
import { API } from '../../test-support/data-client';

const api = useDataAdmin(useTestApp());
let tenant_id: string;
beforeAll(async () => {
  tenant_id = (await api.create('tenants', { tenant_key: 'acts', name: 'Actions' })).id as string;
});

const act = (entity: string, id: unknown, action: string, body: unknown = {}) =>
  api.post(`${API}/${entity}/${String(id)}/${action}`, body);
const refusedWith = async (
  res: Awaited<ReturnType<typeof act>>,
  status: number,
  expected: Record<string, unknown>,
) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject(expected);
};

const newRecord = async (entity: string, extra: Record<string, unknown> = {}) => {
  const base: Record<string, Record<string, unknown>> = {
    tenants: { tenant_key: `k-${randomUUID()}`, name: 'T' },
    accounts: { tenant_id, name: 'A' },
    contacts: { tenant_id, first_name: 'C' },
    leads: { tenant_id },
    product_lines: { tenant_id, name: 'L' },
    products: { tenant_id, name: 'P' },
    orders: { tenant_id, order_number: `O-${randomUUID()}` },
    pets: { tenant_id, name: 'Rex' },
    visits: { tenant_id },
  };
  return api.create(entity, { ...base[entity], ...extra });
};

// One allowed and one refused transition of every state action, through the API (the pure
// machine's table tests cover every pair).
describe('POST /api/v1/mysql/{entity}/{id}/{action}: state actions', () => {
  it.each([
    ['tenants', 'suspend', { status: 'trial' }, 'status', 'suspended'],
    ['tenants', 'activate', { status: 'suspended' }, 'status', 'active'],
    ['accounts', 'convert', {}, 'account_type', 'customer'],
    ['leads', 'advance', {}, 'status', 'contacted'],
    ['leads', 'advance', { status: 'negotiation' }, 'status', 'closed_won'],
    ['leads', 'won', { status: 'proposal' }, 'status', 'closed_won'],
    ['leads', 'lost', { status: 'closed_won' }, 'status', 'closed_lost'],
    ['orders', 'confirm', {}, 'status', 'confirmed'],
    ['orders', 'cancel', { status: 'confirmed' }, 'status', 'cancelled'],
    ['orders', 'pay', { status: 'delivered' }, 'payment_status', 'paid'],
    ['visits', 'complete', {}, 'status', 'completed'],
    ['visits', 'cancel', {}, 'status', 'cancelled'],
    ['visits', 'no-show', {}, 'status', 'no_show'],
  ])('%s %s: %o → %s %s', async (entity, action, initial, field, to) => {
    const row = await newRecord(entity, initial);
    const res = await act(entity, row.id, action);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, [field]: to });
  });

  it.each([
    ['tenants', 'suspend', { status: 'suspended' }, 'Cannot suspend from status: suspended'],
    ['tenants', 'activate', {}, 'Cannot activate from status: active'],
    [
      'accounts',
      'convert',
      { account_type: 'customer' },
      'Cannot convert from account_type: customer',
    ],
    ['leads', 'advance', { status: 'closed_won' }, 'Cannot advance from status: closed_won'],
    ['leads', 'advance', { status: 'closed_lost' }, 'Cannot advance from status: closed_lost'],
    ['orders', 'confirm', { status: 'shipped' }, 'Cannot confirm from status: shipped'],
    ['orders', 'ship', {}, 'Cannot ship from status: pending'],
    ['orders', 'deliver', { status: 'confirmed' }, 'Cannot deliver from status: confirmed'],
    ['orders', 'cancel', { status: 'delivered' }, 'Cannot cancel from status: delivered'],
    ['orders', 'pay', { payment_status: 'paid' }, 'Cannot pay from payment_status: paid'],
    ['visits', 'complete', { status: 'cancelled' }, 'Cannot complete from status: cancelled'],
    ['visits', 'no-show', { status: 'completed' }, 'Cannot no-show from status: completed'],
  ])('%s %s from %o is 409: %s', async (entity, action, initial, message) => {
    const row = await newRecord(entity, initial);
    await refusedWith(await act(entity, row.id, action), 409, {
      code: 'DATA.TRANSITION_REFUSED',
      message,
    });
    const [after] = await api.query({ entity, filters: { id: row.id } });
    expect(after).toMatchObject(initial);
  });

  it('ships and delivers on the organization’s today, or on the date given', async () => {
    const order = await newRecord('orders', { status: 'confirmed' });
    const shipped = await api.act('orders', order.id, 'ship');
    expect(shipped).toMatchObject({ status: 'shipped', ship_date: todayIn('America/New_York') });
    const delivered = await api.act('orders', order.id, 'deliver', { date: '2024-05-06' });
    expect(delivered).toMatchObject({ status: 'delivered', delivery_date: '2024-05-06' });
  });

  it('moves contacts, product lines, products and pets to the status asked for', async () => {
    for (const [entity, to, refusedTo] of [
      ['contacts', 'do_not_contact', 'active'],
      ['product_lines', 'inactive', 'active'],
      ['products', 'discontinued', 'active'],
      ['pets', 'deceased', 'deceased'],
    ]) {
      const row = await newRecord(entity!);
      expect(await api.act(entity!, row.id, 'status', { status: to })).toMatchObject({
        status: to,
      });
      if (entity === 'pets') {
        await refusedWith(await act(entity, row.id, 'status', { status: 'active' }), 409, {
          message: 'Cannot change status from deceased to active',
        });
      } else {
        expect(await api.act(entity!, row.id, 'status', { status: refusedTo })).toMatchObject({
          status: refusedTo,
        });
      }
    }
    const pet = await newRecord('pets');
    await refusedWith(await act('pets', pet.id, 'status', { status: 'active' }), 409, {
      message: 'Cannot change status from active to active',
    });
    await refusedWith(await act('pets', pet.id, 'status', { status: 'lost' }), 400, {
      field: 'status',
    });
    await refusedWith(await act('pets', pet.id, 'status'), 400, {
      field: 'status',
      message: 'status: is required',
    });
  });

  it('refuses an action the entity does not have, a foreign body field, an unknown record', async () => {
    const lead = await newRecord('leads');
    await refusedWith(await act('leads', lead.id, 'suspend'), 400, { field: 'action' });
    await refusedWith(await act('leads', lead.id, 'fly'), 400, { field: 'action' });
    await refusedWith(await act('leads', lead.id, 'advance', { date: '2024-01-01' }), 400, {
      field: 'date',
    });
    await refusedWith(await act('leads', lead.id, 'advance', { other: 1 }), 400, {
      field: 'other',
    });
    await refusedWith(await act('leads', randomUUID(), 'advance'), 404, {
      code: 'DATA.NOT_FOUND',
      message: 'Lead not found',
    });
    await refusedWith(await act('orders', randomUUID(), 'ship'), 404, {
      message: 'Order not found',
    });
  });
});

describe('products adjust-stock', () => {
  it('adds and removes stock, never below 0', async () => {
    const product = await newRecord('products', { current_stock: 5 });
    expect(await api.act('products', product.id, 'adjust-stock', { delta: 7 })).toMatchObject({
      current_stock: 12,
    });
    expect(await api.act('products', product.id, 'adjust-stock', { delta: -2 })).toMatchObject({
      current_stock: 10,
    });
    expect(await api.act('products', product.id, 'adjust-stock', { delta: -50 })).toMatchObject({
      current_stock: 0,
    });
  });

  it('refuses an unknown product ("Product not found"), a missing or fractional delta', async () => {
    await refusedWith(await act('products', randomUUID(), 'adjust-stock', { delta: 1 }), 404, {
      code: 'DATA.NOT_FOUND',
      message: 'Product not found',
    });
    const product = await newRecord('products');
    await refusedWith(await act('products', product.id, 'adjust-stock', {}), 400, {
      field: 'delta',
    });
    await refusedWith(await act('products', product.id, 'adjust-stock', { delta: 1.5 }), 400, {
      field: 'delta',
    });
    await refusedWith(await act('products', product.id, 'adjust-stock', { delta: '3' }), 400, {
      field: 'delta',
    });
    const full = await newRecord('products', { current_stock: 2_147_483_000 });
    await refusedWith(await act('products', full.id, 'adjust-stock', { delta: 1000 }), 400, {
      field: 'delta',
    });
  });
});

describe('pets medical-notes', () => {
  it('prepends a bracketed timestamp and appends the note on a new line', async () => {
    const pet = await newRecord('pets', { medical_notes: 'Allergic to chicken' });
    const first = await api.act('pets', pet.id, 'medical-notes', { note: 'Vaccinated' });
    const lines = String(first.medical_notes).split('\n');
    expect(lines[0]).toBe('Allergic to chicken');
    expect(lines[1]).toMatch(/^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\] Vaccinated$/);
    const second = await api.act('pets', pet.id, 'medical-notes', { note: 'Dental' });
    expect(String(second.medical_notes).split('\n')).toHaveLength(3);
    const empty = await newRecord('pets');
    const only = await api.act('pets', empty.id, 'medical-notes', { note: 'First' });
    expect(only.medical_notes).toMatch(/^\[[^\]]+\] First$/);
  });

  it('refuses an unknown pet ("Pet not found") and an empty note', async () => {
    await refusedWith(await act('pets', randomUUID(), 'medical-notes', { note: 'x' }), 404, {
      message: 'Pet not found',
    });
    const pet = await newRecord('pets');
    await refusedWith(await act('pets', pet.id, 'medical-notes', { note: ' ' }), 400, {
      field: 'note',
    });
  });
});
