import type { ActionBody, DataAction, DataEntity, DataRow } from '../../../contract/data-api';
import { todayIn } from '../../../ledger';
import type { DataLane } from '../../db/data-lane';
import { addMedicalNote } from './add-medical-note';
import { adjustStock } from './adjust-stock';
import { changeState } from './change-state';
import { invalid } from '../../http/invalid-input';
import { registry } from '../../data-layer/entity-registry';
import { machineFor } from './state-machines';

/** The body fields each action takes (the first one listed is required, except a date). */
const ACTION_FIELDS: Partial<Record<DataAction, Array<keyof NonNullable<ActionBody>>>> = {
  ship: ['date'],
  deliver: ['date'],
  'adjust-stock': ['delta'],
  'medical-notes': ['note'],
  status: ['status'],
};

export interface RunActionOptions {
  organizationId: string;
  /** The organization's zone: ship and deliver default to its today. */
  timeZone: string;
  entity: DataEntity;
  id: string;
  action: DataAction;
  body: ActionBody;
}

function checkBody(action: DataAction, body: NonNullable<ActionBody>): void {
  const accepted = ACTION_FIELDS[action] ?? [];
  for (const [key, value] of Object.entries(body))
    if (value !== undefined && !accepted.includes(key as never))
      throw invalid(key, `this field is not accepted by ${action}`);
  const required = accepted.find((k) => k !== 'date');
  if (required && body[required] === undefined) throw invalid(required, 'is required');
}

/** POST /api/v1/mysql/{entity}/{id}/{action}. */
export async function runAction(lane: DataLane, opts: RunActionOptions): Promise<DataRow> {
  const def = registry[opts.entity];
  if (!def.actions.includes(opts.action))
    throw invalid('action', `the actions of ${def.name} are ${def.actions.join(', ')}`);
  const body = opts.body ?? {};
  checkBody(opts.action, body);
  const { organizationId, id } = opts;
  if (opts.action === 'adjust-stock')
    return adjustStock(lane, { organizationId, id, delta: body.delta! });
  if (opts.action === 'medical-notes')
    return addMedicalNote(lane, { organizationId, id, note: body.note! });
  return changeState(lane, {
    organizationId,
    entity: opts.entity,
    id,
    action: opts.action,
    machine: machineFor(opts.entity, opts.action)!,
    target: body.status,
    date: body.date,
    today: todayIn(opts.timeZone),
  });
}
