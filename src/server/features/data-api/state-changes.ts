import { AppError } from '../../http/app-error';
import type { EntityDef } from '../../data-layer/entity-registry';
import { decideStateChange } from './state-machines';

/** A record of a generic update: its id and the fields it changes. */
export interface Change {
  id: string;
  values: Record<string, unknown>;
}

/**
 * The state fields a generic update names, decided by the entity's state machines with the
 * actions' own rule and message (state-machines.ts decideStateChange) against each record's
 * current states: a refusal is 409 naming the field ("data.3.status" in a bulk request). An
 * allowed ship or deliver also sets its date, the one the record gives or else `today`.
 * `changes` start at index `offset` of the request.
 */
export function decideStateChanges(
  def: EntityDef,
  changes: readonly Change[],
  current: ReadonlyMap<string, Record<string, unknown>>,
  opts: { bulk: boolean; today: string },
  offset: number,
): void {
  changes.forEach((change, i) => {
    for (const field of Object.keys(def.states)) {
      const target = change.values[field];
      if (typeof target !== 'string') continue;
      const from = String(current.get(change.id)?.[field]);
      const decision = decideStateChange(def.name, field, from, target);
      if (!decision.ok) {
        const at = opts.bulk ? `data.${offset + i}.${field}` : field;
        throw new AppError({
          code: 'DATA.TRANSITION_REFUSED',
          message: decision.message,
          field: at,
        });
      }
      if (decision.date && change.values[decision.date] === undefined)
        change.values[decision.date] = opts.today;
    }
  });
}
