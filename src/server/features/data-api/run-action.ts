import {
  actionBodies,
  emptyActionBody,
  type ActionBody,
  type DataAction,
  type DataEntity,
  type DataRow,
} from '../../../contract/data-api';
import { todayIn } from '../../../ledger';
import type { DataLane } from '../../db/data-lane';
import { addMedicalNote } from './add-medical-note';
import { adjustStock } from './adjust-stock';
import { changeState } from './change-state';
import { invalid, parseOrThrow } from '../../http/invalid-input';
import { registry } from '../../data-layer/entity-registry';
import { machineFor } from './state-machines';

export interface RunActionOptions {
  organizationId: string;
  /** The organization's zone: ship and deliver default to its today. */
  timeZone: string;
  entity: DataEntity;
  id: string;
  action: DataAction;
  body: ActionBody;
}

/** POST /api/v1/mysql/{entity}/{id}/{action}. */
export async function runAction(lane: DataLane, opts: RunActionOptions): Promise<DataRow> {
  const def = registry[opts.entity];
  if (!def.actions.includes(opts.action))
    throw invalid('action', `the actions of ${def.name} are ${def.actions.join(', ')}`);
  // The action's own schema (contract/data-api.ts): its fields only, the required ones present.
  const body = parseOrThrow(
    actionBodies[opts.action] ?? emptyActionBody,
    opts.body ?? {},
  ) as NonNullable<ActionBody>;
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
