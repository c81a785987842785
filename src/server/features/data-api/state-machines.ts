import type { DataEntity } from '../../../contract/data-api';

// The data layer's state machines (spec section 4), pure: given an entity's current states, an
// action and (for `status`) the state asked for, the new states or the refusal's message. The
// action use case locks the row, asks here, then writes.

/** A move of one state field: from any of `from` to `to`. */
interface Move {
  kind: 'move';
  field: string;
  from: readonly string[] | 'any';
  to: string;
  /** A date field the action sets (ship_date, delivery_date): the body's date, else today. */
  date?: string;
}
/** A step along a chain (lead advance): each state has at most one next state. */
interface Chain {
  kind: 'chain';
  field: string;
  next: Readonly<Record<string, string>>;
}
/** `status` actions: to the state asked for, along the allowed edges. */
interface Edges {
  kind: 'edges';
  field: string;
  edges: Readonly<Record<string, readonly string[]>>;
}
export type Machine = Move | Chain | Edges;

export const stateMachines: Partial<Record<DataEntity, Record<string, Machine>>> = {
  tenants: {
    suspend: { kind: 'move', field: 'status', from: ['active', 'trial'], to: 'suspended' },
    activate: { kind: 'move', field: 'status', from: ['trial', 'suspended'], to: 'active' },
  },
  accounts: {
    convert: { kind: 'move', field: 'account_type', from: ['prospect'], to: 'customer' },
  },
  contacts: {
    status: {
      kind: 'edges',
      field: 'status',
      edges: { active: ['do_not_contact'], do_not_contact: ['active'] },
    },
  },
  leads: {
    advance: {
      kind: 'chain',
      field: 'status',
      next: {
        new: 'contacted',
        contacted: 'qualified',
        qualified: 'proposal',
        proposal: 'negotiation',
        negotiation: 'closed_won',
      },
    },
    // "Any lead can be marked won or lost directly" (spec section 4).
    won: { kind: 'move', field: 'status', from: 'any', to: 'closed_won' },
    lost: { kind: 'move', field: 'status', from: 'any', to: 'closed_lost' },
  },
  product_lines: {
    status: {
      kind: 'edges',
      field: 'status',
      edges: { active: ['inactive'], inactive: ['active'] },
    },
  },
  products: {
    status: {
      kind: 'edges',
      field: 'status',
      edges: { active: ['discontinued'], discontinued: ['active'] },
    },
  },
  orders: {
    confirm: { kind: 'move', field: 'status', from: ['pending'], to: 'confirmed' },
    ship: { kind: 'move', field: 'status', from: ['confirmed'], to: 'shipped', date: 'ship_date' },
    deliver: {
      kind: 'move',
      field: 'status',
      from: ['shipped'],
      to: 'delivered',
      date: 'delivery_date',
    },
    cancel: { kind: 'move', field: 'status', from: ['pending', 'confirmed'], to: 'cancelled' },
    pay: { kind: 'move', field: 'payment_status', from: ['pending'], to: 'paid' },
  },
  pets: {
    status: {
      kind: 'edges',
      field: 'status',
      // A transferred pet may come back; a deceased one stays so.
      edges: { active: ['deceased', 'transferred'], transferred: ['active', 'deceased'] },
    },
  },
  visits: {
    complete: { kind: 'move', field: 'status', from: ['scheduled'], to: 'completed' },
    cancel: { kind: 'move', field: 'status', from: ['scheduled'], to: 'cancelled' },
    'no-show': { kind: 'move', field: 'status', from: ['scheduled'], to: 'no_show' },
  },
};

export const machineFor = (entity: DataEntity, action: string): Machine | undefined =>
  stateMachines[entity]?.[action];

export type Decision =
  { ok: true; field: string; to: string; date?: string } | { ok: false; message: string };

/** The outcome of `action` on a row whose state field holds `current`. */
export function decideTransition(
  machine: Machine,
  action: string,
  current: string,
  target?: string,
): Decision {
  const refuse = (message: string): Decision => ({ ok: false, message });
  const { field } = machine;
  switch (machine.kind) {
    case 'move': {
      const allowed = machine.from === 'any' || machine.from.includes(current);
      if (!allowed) return refuse(`Cannot ${action} from ${field}: ${current}`);
      return { ok: true, field, to: machine.to, ...(machine.date ? { date: machine.date } : {}) };
    }
    case 'chain': {
      const next = machine.next[current];
      return next
        ? { ok: true, field, to: next }
        : refuse(`Cannot ${action} from ${field}: ${current}`);
    }
    case 'edges': {
      const to = target ?? '';
      if (!(machine.edges[current] ?? []).includes(to))
        return refuse(`Cannot change ${field} from ${current} to ${to}`);
      return { ok: true, field, to };
    }
  }
}

/** Every allowed (from → to) of an action, for the schema endpoint and the tests. */
export function allowedTransitions(
  machine: Machine,
  values: readonly string[],
): Array<{ from: string; to: string }> {
  switch (machine.kind) {
    case 'move':
      return values
        .filter((v) => machine.from === 'any' || machine.from.includes(v))
        .map((from) => ({ from, to: machine.to }));
    case 'chain':
      return Object.entries(machine.next).map(([from, to]) => ({ from, to }));
    case 'edges':
      return Object.entries(machine.edges).flatMap(([from, tos]) =>
        tos.map((to) => ({ from, to })),
      );
  }
}

/** Whether `machine` ever moves its field to `target`. */
function reaches(machine: Machine, target: string): boolean {
  switch (machine.kind) {
    case 'move':
      return machine.to === target;
    case 'chain':
      return Object.values(machine.next).includes(target);
    case 'edges':
      return Object.values(machine.edges).some((tos) => tos.includes(target));
  }
}

/**
 * The generic update of a state field, by the actions' own rule: allowed when one of the
 * entity's actions on that field takes `current` to `target` (with the date that action sets);
 * otherwise refused with the message of the action that leads to `target` and refuses from
 * `current`, or `Cannot change {field} from {current} to {target}` when none does. Asking for
 * the state the record is in changes nothing.
 */
export function decideStateChange(
  entity: DataEntity,
  field: string,
  current: string,
  target: string,
): Decision {
  if (current === target) return { ok: true, field, to: target };
  const leading = Object.entries(stateMachines[entity] ?? {}).filter(
    ([, machine]) => machine.field === field && reaches(machine, target),
  );
  const decisions = leading.map(([action, machine]) =>
    decideTransition(machine, action, current, target),
  );
  const taken = decisions.find((d) => d.ok && d.to === target);
  if (taken) return taken;
  const refused = decisions.find((d) => !d.ok);
  return refused ?? { ok: false, message: `Cannot change ${field} from ${current} to ${target}` };
}
