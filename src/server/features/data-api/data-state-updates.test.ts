import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataStates, restEntities, type DataEntity } from '../../../contract/data-api';
import { recordOf, useDataAdmin, useTenantWithRecords } from '../../test-support/data-api-fixtures';
import { useTestApp } from '../../test-support/use-test-app';
import { API } from '../../test-support/data-client';
import { registry } from '../../data-layer/entity-registry';
import { allowedTransitions, stateMachines } from './state-machines';

// Issue 23: the generic update accepts a state field when the entity's state machine allows the
// change from the record's current state (the same rule and message as the action), and refuses
// it with that message otherwise. Every (from, to) of every state field, through each update
// route: PUT /update/{entity}/{id}, PUT /{entity}/{id} and bulk/update.

type Row = [entity: DataEntity, field: string, from: string, to: string];
const lead = dataStates.leads.status;
// Every change the update makes, written out by hand (asking for the current state changes
// nothing and is answered 200 too); anything else is refused.
const ALLOWED: Row[] = [
  ['tenants', 'status', 'active', 'suspended'],
  ['tenants', 'status', 'trial', 'suspended'],
  ['tenants', 'status', 'trial', 'active'],
  ['tenants', 'status', 'suspended', 'active'],
  ['accounts', 'account_type', 'prospect', 'customer'],
  ['contacts', 'status', 'active', 'do_not_contact'],
  ['contacts', 'status', 'do_not_contact', 'active'],
  ['leads', 'status', 'new', 'contacted'],
  ['leads', 'status', 'contacted', 'qualified'],
  ['leads', 'status', 'qualified', 'proposal'],
  ['leads', 'status', 'proposal', 'negotiation'],
  ...lead.filter((s) => s !== 'closed_won').map((s): Row => ['leads', 'status', s, 'closed_won']),
  ...lead.filter((s) => s !== 'closed_lost').map((s): Row => ['leads', 'status', s, 'closed_lost']),
  ['product_lines', 'status', 'active', 'inactive'],
  ['product_lines', 'status', 'inactive', 'active'],
  ['products', 'status', 'active', 'discontinued'],
  ['products', 'status', 'discontinued', 'active'],
  ['orders', 'status', 'pending', 'confirmed'],
  ['orders', 'status', 'confirmed', 'shipped'],
  ['orders', 'status', 'shipped', 'delivered'],
  ['orders', 'status', 'pending', 'cancelled'],
  ['orders', 'status', 'confirmed', 'cancelled'],
  ['orders', 'payment_status', 'pending', 'paid'],
  ['pets', 'status', 'active', 'deceased'],
  ['pets', 'status', 'active', 'transferred'],
  ['pets', 'status', 'transferred', 'active'],
  ['pets', 'status', 'transferred', 'deceased'],
  ['visits', 'status', 'scheduled', 'completed'],
  ['visits', 'status', 'scheduled', 'cancelled'],
  ['visits', 'status', 'scheduled', 'no_show'],
];
const allowed = new Set(ALLOWED.map((r) => r.join(' ')));

/** Every (from, to) pair of every state field. */
const everyRow: Row[] = (Object.keys(dataStates) as DataEntity[]).flatMap((entity) =>
  Object.entries(dataStates[entity] as Record<string, readonly string[]>).flatMap(
    ([field, values]) =>
      values.flatMap((from) => values.map((to): Row => [entity, field, from, to])),
  ),
);

const t = useTestApp();
const api = useDataAdmin(t);
const r = useTenantWithRecords(api);

/** Puts the record in `from` behind the API's back (as if it had got there by its actions). */
async function putInState([entity, field, from]: Row) {
  const id = String(recordOf(r, entity).id);
  const dates = entity === 'orders' ? sql`, ship_date = null, delivery_date = null` : sql``;
  await t.database.db.execute(
    sql`update ${sql.identifier(registry[entity].table)}
        set ${sql.identifier(field)} = ${from} ${dates} where id = ${id}`,
  );
  return id;
}

/** What the action that leads to `to` says to a record in `from`, when it refuses. */
async function actionRefusal(row: Row): Promise<string | undefined> {
  const [entity, field, from, to] = row;
  for (const [action, machine] of Object.entries(stateMachines[entity] ?? {})) {
    if (machine.field !== field) continue;
    const values = (dataStates[entity] as Record<string, readonly string[]>)[field]!;
    if (!allowedTransitions(machine, values).some((tr) => tr.to === to)) continue;
    const id = await putInState(row);
    const body = machine.kind === 'edges' ? { status: to } : {};
    const res = await api.post(`${API}/${entity}/${id}/${action}`, body);
    if (res.statusCode === 409) return res.json<{ message: string }>().message;
  }
  return from === to ? undefined : `Cannot change ${field} from ${from} to ${to}`;
}

const routes = (entity: DataEntity, id: string, field: string, to: string) => [
  {
    name: 'PUT /update',
    send: () => api.put(`${API}/update/${entity}/${id}`, { [field]: to }),
    at: field,
  },
  ...((restEntities as readonly string[]).includes(entity)
    ? [
        {
          name: 'PUT /{entity}',
          send: () => api.put(`${API}/${entity}/${id}`, { [field]: to }),
          at: field,
        },
      ]
    : []),
  {
    name: 'bulk/update',
    send: () => api.post(`${API}/bulk/update/${entity}`, { data: [{ id, [field]: to }] }),
    at: `data.0.${field}`,
  },
];

describe('a state field through the generic update', () => {
  it.each(everyRow.filter((row) => row[2] === row[3] || allowed.has(row.join(' '))))(
    '%s.%s %s → %s is written',
    async (...row) => {
      const [entity, field, , to] = row;
      for (const route of routes(entity, String(recordOf(r, entity).id), field, to)) {
        const id = await putInState(row);
        const res = await route.send();
        expect(res.statusCode, `${route.name}: ${res.body}`).toBe(200);
        const [stored] = await api.query({ entity, fields: [field], filters: { id } });
        expect(stored, route.name).toEqual({ [field]: to });
      }
    },
  );

  it.each(everyRow.filter((row) => row[2] !== row[3] && !allowed.has(row.join(' '))))(
    '%s.%s %s → %s is refused with the action’s message',
    async (...row) => {
      const [entity, field, from, to] = row;
      const message = await actionRefusal(row);
      for (const route of routes(entity, String(recordOf(r, entity).id), field, to)) {
        const id = await putInState(row);
        const res = await route.send();
        expect(res.statusCode, `${route.name}: ${res.body}`).toBe(409);
        expect(res.json(), route.name).toEqual({
          code: 'DATA.TRANSITION_REFUSED',
          message,
          field: route.at,
        });
        const [stored] = await api.query({ entity, fields: [field], filters: { id } });
        expect(stored, `${route.name}: nothing written`).toEqual({ [field]: from });
      }
    },
  );

  it('sets the date that ship and deliver set: the one given, else the organization’s today', async () => {
    const order = String(r.order.id);
    await putInState(['orders', 'status', 'confirmed', 'shipped']);
    const shipped = await api.put(`${API}/update/orders/${order}`, { status: 'shipped' });
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      ship_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const delivered = await api.put(`${API}/update/orders/${order}`, {
      status: 'delivered',
      delivery_date: '2024-05-06',
    });
    expect(delivered.json()).toMatchObject({ status: 'delivered', delivery_date: '2024-05-06' });
  });

  it('checks every record of a bulk update and writes none when one is refused', async () => {
    const [a, b] = await Promise.all([
      api.create('contacts', { tenant_id: r.tenant.id, first_name: 'A' }),
      api.create('contacts', { tenant_id: r.tenant.id, first_name: 'B', status: 'do_not_contact' }),
    ]);
    const lead = await api.create('leads', { tenant_id: r.tenant.id, status: 'closed_won' });
    const mixed = await api.post(`${API}/bulk/update/leads`, {
      data: [
        { id: r.lead.id, status: 'closed_lost', notes: 'lost' },
        { id: lead.id, status: 'new' },
      ],
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json()).toMatchObject({
      field: 'data.1.status',
      message: 'Cannot change status from closed_won to new',
    });
    const [kept] = await api.query({
      entity: 'leads',
      fields: ['notes'],
      filters: { id: r.lead.id },
    });
    expect(kept!.notes).not.toBe('lost');
    const both = await api.post(`${API}/bulk/update/contacts`, {
      data: [
        { id: a.id, status: 'do_not_contact' },
        { id: b.id, status: 'active' },
      ],
    });
    expect(both.statusCode, both.body).toBe(200);
    const rows = await api.query({
      entity: 'contacts',
      fields: ['first_name', 'status'],
      filters: { id: { operator: 'IN', value: [a.id, b.id] } },
      orderBy: 'first_name',
    });
    expect(rows).toEqual([
      { first_name: 'A', status: 'do_not_contact' },
      { first_name: 'B', status: 'active' },
    ]);
  });

  it('still refuses a value that is no state, and tenant_id, with 400', async () => {
    const bad = await api.put(`${API}/update/orders/${String(r.order.id)}`, { status: 'lost' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'status' });
    const moved = await api.put(`${API}/update/orders/${String(r.order.id)}`, {
      tenant_id: r.tenant.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ field: 'tenant_id' });
  });
});
