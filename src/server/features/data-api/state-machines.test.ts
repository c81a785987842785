import { describe, expect, it } from 'vitest';
import { dataActions, dataStates, type DataEntity } from '../../../contract/data-api';
import {
  allowedTransitions,
  decideStateChange,
  decideTransition,
  machineFor,
  stateMachines,
} from './state-machines';

// Every allowed transition, written out by hand: anything not listed here must be refused.
type Row = [entity: DataEntity, action: string, from: string, to: string];
const leadStatuses = dataStates.leads.status;
const ALLOWED: Row[] = [
  ['tenants', 'suspend', 'active', 'suspended'],
  ['tenants', 'suspend', 'trial', 'suspended'],
  ['tenants', 'activate', 'trial', 'active'],
  ['tenants', 'activate', 'suspended', 'active'],
  ['accounts', 'convert', 'prospect', 'customer'],
  ['contacts', 'status', 'active', 'do_not_contact'],
  ['contacts', 'status', 'do_not_contact', 'active'],
  ['leads', 'advance', 'new', 'contacted'],
  ['leads', 'advance', 'contacted', 'qualified'],
  ['leads', 'advance', 'qualified', 'proposal'],
  ['leads', 'advance', 'proposal', 'negotiation'],
  ['leads', 'advance', 'negotiation', 'closed_won'],
  ...leadStatuses.map((s): Row => ['leads', 'won', s, 'closed_won']),
  ...leadStatuses.map((s): Row => ['leads', 'lost', s, 'closed_lost']),
  ['product_lines', 'status', 'active', 'inactive'],
  ['product_lines', 'status', 'inactive', 'active'],
  ['products', 'status', 'active', 'discontinued'],
  ['products', 'status', 'discontinued', 'active'],
  ['orders', 'confirm', 'pending', 'confirmed'],
  ['orders', 'ship', 'confirmed', 'shipped'],
  ['orders', 'deliver', 'shipped', 'delivered'],
  ['orders', 'cancel', 'pending', 'cancelled'],
  ['orders', 'cancel', 'confirmed', 'cancelled'],
  ['orders', 'pay', 'pending', 'paid'],
  ['pets', 'status', 'active', 'deceased'],
  ['pets', 'status', 'active', 'transferred'],
  ['pets', 'status', 'transferred', 'active'],
  ['pets', 'status', 'transferred', 'deceased'],
  ['visits', 'complete', 'scheduled', 'completed'],
  ['visits', 'cancel', 'scheduled', 'cancelled'],
  ['visits', 'no-show', 'scheduled', 'no_show'],
];
const key = (r: Row) => r.join(' ');
const allowed = new Set(ALLOWED.map(key));

interface Case {
  row: Row;
  field: string;
  targeted: boolean;
}

/** Every (entity, action, from, to) the machines could be asked, allowed or not. */
function everyCase(): Case[] {
  const cases: Case[] = [];
  for (const [entity, actions] of Object.entries(dataActions) as unknown as Array<
    [DataEntity, string[]]
  >) {
    for (const action of actions) {
      const machine = machineFor(entity, action);
      if (!machine) continue;
      const values = (dataStates[entity] as Record<string, readonly string[]>)[machine.field]!;
      const targeted = machine.kind === 'edges';
      for (const from of values) {
        const tos = targeted
          ? values
          : [ALLOWED.find((r) => key(r).startsWith(`${entity} ${action} ${from} `))?.[3] ?? '-'];
        for (const to of tos)
          cases.push({ row: [entity, action, from, to], field: machine.field, targeted });
      }
    }
  }
  return cases;
}

/** The machine's answer to a case: a targeted action names the state it goes to. */
const decide = ({ row: [entity, action, from, to], targeted }: Case) =>
  decideTransition(machineFor(entity, action)!, action, from, targeted ? to : undefined);

describe('the state machines', () => {
  const cases = everyCase();

  it('cover every action that changes a state (all but adjust-stock and medical-notes)', () => {
    const withMachine = Object.entries(dataActions).flatMap(([entity, actions]) =>
      actions.filter((a) => machineFor(entity as DataEntity, a)).map((a) => `${entity} ${a}`),
    );
    expect(withMachine).toHaveLength(18);
    expect(machineFor('products', 'adjust-stock')).toBeUndefined();
    expect(machineFor('pets', 'medical-notes')).toBeUndefined();
  });

  it.each(cases.filter((c) => allowed.has(key(c.row))).map((c) => [key(c.row), c] as const))(
    'allows %s',
    (_name, c) => {
      expect(decide(c)).toMatchObject({ ok: true, field: c.field, to: c.row[3] });
    },
  );

  it.each(cases.filter((c) => !allowed.has(key(c.row))).map((c) => [key(c.row), c] as const))(
    'refuses %s',
    (_name, c) => {
      const [, action, from, to] = c.row;
      expect(decide(c)).toEqual({
        ok: false,
        message: c.targeted
          ? `Cannot change ${c.field} from ${from} to ${to}`
          : `Cannot ${action} from ${c.field}: ${from}`,
      });
    },
  );

  it('words a refused advance as the spec does', () => {
    for (const from of ['closed_won', 'closed_lost']) {
      expect(decideTransition(machineFor('leads', 'advance')!, 'advance', from)).toEqual({
        ok: false,
        message: `Cannot advance from status: ${from}`,
      });
    }
  });

  it('names the date field that ship and deliver set', () => {
    const ship = decideTransition(machineFor('orders', 'ship')!, 'ship', 'confirmed');
    const deliver = decideTransition(machineFor('orders', 'deliver')!, 'deliver', 'shipped');
    expect(ship).toMatchObject({ ok: true, date: 'ship_date' });
    expect(deliver).toMatchObject({ ok: true, date: 'delivery_date' });
  });

  it('lists exactly the allowed transitions', () => {
    const listed = Object.entries(dataActions).flatMap(([entity, actions]) =>
      actions.flatMap((action) => {
        const machine = machineFor(entity as DataEntity, action);
        if (!machine) return [];
        const values = (dataStates[entity as DataEntity] as Record<string, readonly string[]>)[
          machine.field
        ]!;
        return allowedTransitions(machine, values).map(({ from, to }) =>
          key([entity as DataEntity, action, from, to]),
        );
      }),
    );
    expect(listed.sort()).toEqual([...allowed].sort());
  });
});

describe('a state field through the generic update (decideStateChange)', () => {
  it('allows exactly what an action on that field allows, and the current state', () => {
    for (const [entity, fields] of Object.entries(dataStates) as Array<
      [DataEntity, Record<string, readonly string[]>]
    >) {
      for (const [field, values] of Object.entries(fields)) {
        const byActions = new Set(
          Object.values(stateMachines[entity] ?? {})
            .filter((m) => m.field === field)
            .flatMap((m) => allowedTransitions(m, values).map((tr) => `${tr.from}>${tr.to}`)),
        );
        for (const from of values)
          for (const to of values) {
            const expected = from === to || byActions.has(`${from}>${to}`);
            expect(decideStateChange(entity, field, from, to).ok, `${entity} ${from}>${to}`).toBe(
              expected,
            );
          }
      }
    }
  });

  it('refuses with the message of the action that leads there, else names both states', () => {
    expect(decideStateChange('orders', 'status', 'pending', 'shipped')).toEqual({
      ok: false,
      message: 'Cannot ship from status: pending',
    });
    expect(decideStateChange('leads', 'status', 'closed_lost', 'contacted')).toEqual({
      ok: false,
      message: 'Cannot advance from status: closed_lost',
    });
    expect(decideStateChange('leads', 'status', 'new', 'qualified')).toEqual({
      ok: false,
      message: 'Cannot change status from new to qualified',
    });
    expect(decideStateChange('pets', 'status', 'deceased', 'active')).toEqual({
      ok: false,
      message: 'Cannot change status from deceased to active',
    });
    expect(decideStateChange('orders', 'status', 'cancelled', 'pending')).toEqual({
      ok: false,
      message: 'Cannot change status from cancelled to pending',
    });
    expect(decideStateChange('orders', 'status', 'confirmed', 'shipped')).toMatchObject({
      ok: true,
      date: 'ship_date',
    });
  });
});
