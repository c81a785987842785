import { randomUUID } from 'node:crypto';
import { getTableColumns, getTableName, is, sql, type SQL } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Deadline } from './deadline';
import type { Db, Tx } from './database';
import * as schema from './schema';
import { idIn, rows } from './sql';
import type { WritePlan, WriteStep } from './write-plan';

// PGlite has one connection: a transaction holds it, and every other request's statement waits
// until it ends. A data-layer write of many steps therefore runs as several short transactions
// ("slices"), with a pause after each in which others get the connection. All or nothing still
// holds: each step first copies the rows it is about to touch into data_write_journal, in its own
// slice's transaction, and a write that fails, runs out of time or is cut short by a crash is
// undone from there. The data-layer lock on the organization (db/data-lane.ts) keeps every other
// data request of that organization out until the write has ended, so no one sees half of it.

/** At most about this long a slice holds the connection (a step is never split). */
export const SLICE_MS = 40;
/** The connection is left to others this long between slices. */
export const PAUSE_MS = 40;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statementTimeout = (deadline: Deadline): SQL =>
  sql`select set_config('statement_timeout', ${String(deadline.statementTimeout())}, true)`;

/** One unit of a slice: a check (reads only) or a step (journalled, then run). */
type Unit<R> = { check: (tx: Tx) => Promise<void> } | { step: WriteStep<R> };

/** Runs the plan in slices; on any failure undoes what committed slices wrote, then rethrows. */
export async function slicedWrite<R>(db: Db, deadline: Deadline, plan: WritePlan<R>): Promise<R[]> {
  const units: Array<Unit<R>> = [
    ...plan.checks.map((check) => ({ check })),
    ...plan.steps.map((step) => ({ step })),
  ];
  const writeId = randomUUID();
  const results: R[] = [];
  let next = 0;
  try {
    while (next < units.length) {
      const first = next;
      const done = await db.transaction((tx) => runSlice(tx, deadline, units, writeId, first));
      next += done.count;
      results.push(...done.results);
      if (next < units.length) await pause(PAUSE_MS);
    }
    return results;
  } catch (err) {
    await undoWrite(db, writeId);
    throw err;
  }
}

/** Units from `first` on, until the slice's time is up; the last slice also ends the journal. */
async function runSlice<R>(
  tx: Tx,
  deadline: Deadline,
  units: ReadonlyArray<Unit<R>>,
  writeId: string,
  first: number,
): Promise<{ count: number; results: R[] }> {
  const started = performance.now();
  await tx.execute(statementTimeout(deadline));
  const results: R[] = [];
  let index = first;
  do {
    deadline.check();
    const unit = units[index]!;
    if ('check' in unit) await unit.check(tx);
    else {
      await journal(tx, writeId, index, unit.step);
      results.push(await unit.step.run(tx));
    }
    index++;
  } while (index < units.length && performance.now() - started < SLICE_MS);
  // The write's last slice commits it whole: its journal goes with that commit.
  if (index === units.length)
    await tx.execute(sql`delete from data_write_journal where write_id = ${writeId}`);
  return { count: index - first, results };
}

/** Copies the rows the step is about to touch (as they are now) into the journal. */
async function journal(tx: Tx, writeId: string, index: number, step: WriteStep<unknown>) {
  const name = getTableName(step.table);
  const ids = JSON.stringify(step.ids);
  await tx.execute(
    sql`insert into data_write_journal (write_id, step, table_name, ids, before)
        select ${writeId}, ${index}, ${name}, ${ids}::jsonb,
               coalesce(jsonb_agg(to_jsonb(x)), '[]'::jsonb)
          from ${sql.identifier(name)} x
         where ${idIn(sql`x.id`, step.ids)}`,
  );
}

const tables = new Map<string, PgTable>();
for (const value of Object.values(schema) as unknown[])
  if (is(value, PgTable)) tables.set(getTableName(value), value);

/**
 * Puts back what one journalled step changed: rows it created are deleted, rows it changed get
 * their old values, rows it deleted come back. The journal row goes in the same transaction.
 */
async function undoStep(tx: Tx, writeId: string, step: number, tableName: string) {
  const table = tables.get(tableName);
  if (!table) throw new Error(`data_write_journal names no table of ours: ${tableName}`);
  const t = sql.identifier(tableName);
  const entry = sql`data_write_journal j where j.write_id = ${writeId} and j.step = ${step}`;
  const before = sql`(select b.* from data_write_journal j
                       cross join lateral jsonb_populate_recordset(null::${t}, j.before) b
                      where j.write_id = ${writeId} and j.step = ${step})`;
  const columns = Object.values(getTableColumns(table))
    .map((c) => c.name)
    .filter((name) => name !== 'id');
  const sets = sql.join(
    columns.map((c) => sql`${sql.identifier(c)} = b.${sql.identifier(c)}`),
    sql`, `,
  );
  await tx.execute(sql`delete from ${t} where id = any(array(
                          select jsonb_array_elements_text(j.ids)::uuid from ${entry}))
                        and id not in (select b.id from ${before} b)`);
  await tx.execute(sql`update ${t} set ${sets} from ${before} b where ${t}.id = b.id`);
  await tx.execute(sql`insert into ${t} select b.* from ${before} b
                        where not exists (select 1 from ${t} x where x.id = b.id)`);
  await tx.execute(sql`delete from ${entry}`);
}

/** Undoes the journalled steps of a write, the last first, in slices as the write ran. */
export async function undoWrite(db: Db, writeId: string): Promise<void> {
  for (;;) {
    const left = await db.transaction(async (tx) => {
      const started = performance.now();
      const steps = await rows<{ step: number; table_name: string }>(
        tx,
        sql`select step, table_name from data_write_journal where write_id = ${writeId}
             order by step desc`,
      );
      let undone = 0;
      for (const s of steps) {
        await undoStep(tx, writeId, s.step, s.table_name);
        undone++;
        if (performance.now() - started >= SLICE_MS) break;
      }
      return steps.length - undone;
    });
    if (left === 0) return;
    await pause(PAUSE_MS);
  }
}

/** Undoes every write a crash cut short (start-up, before the server listens). */
export async function undoUnfinishedWrites(db: Db): Promise<number> {
  const writes = await rows<{ write_id: string }>(
    db,
    sql`select distinct write_id from data_write_journal`,
  );
  for (const w of writes) await undoWrite(db, w.write_id);
  return writes.length;
}
