import { sql } from 'drizzle-orm';
import type { DataEntity, DataRow } from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import { AppError } from '../../http/app-error';
import { notFound } from './data-errors';
import { invalid } from '../../http/invalid-input';
import { dataRows, writing } from './data-sql';
import { registry } from '../../data-layer/entity-registry';
import { rowColumns, table } from '../../data-layer/sql-output';
import { decideTransition, type Machine } from './state-machines';

export interface ChangeStateOptions {
  organizationId: string;
  entity: DataEntity;
  id: string;
  action: string;
  machine: Machine;
  /** The state asked for (`status` actions). */
  target?: string | undefined;
  /** The date ship and deliver set; the organization's today when not given. */
  date?: string | undefined;
  today: string;
}

/**
 * A state action (suspend, convert, advance, ship, ...): the row is locked, the pure machine
 * decides, the new state is written. A refused transition is 409 with the machine's message.
 */
export async function changeState(lane: DataLane, opts: ChangeStateOptions): Promise<DataRow> {
  const def = registry[opts.entity];
  const { machine } = opts;
  const values = def.states[machine.field] ?? [];
  if (machine.kind === 'edges' && !values.includes(opts.target ?? ''))
    throw invalid('status', `must be one of ${values.join(', ')}`);
  const where = sql`where id = ${opts.id} and organization_id = ${opts.organizationId}`;
  return writing(lane, opts.organizationId, async (tx) => {
    const [row] = await dataRows(
      tx,
      sql`select ${sql.identifier(machine.field)} as state from ${table(def)} ${where} for update`,
    );
    if (!row) throw notFound(def);
    const decision = decideTransition(machine, opts.action, String(row.state), opts.target);
    if (!decision.ok)
      throw new AppError({ code: 'DATA.TRANSITION_REFUSED', message: decision.message });
    const sets = [sql`${sql.identifier(decision.field)} = ${decision.to}`, sql`updated_at = now()`];
    if (decision.date)
      sets.push(sql`${sql.identifier(decision.date)} = ${opts.date ?? opts.today}`);
    const [updated] = await dataRows(
      tx,
      sql`update ${table(def)} set ${sql.join(sets, sql`, `)} ${where} returning ${rowColumns(def)}`,
    );
    return updated!;
  });
}
