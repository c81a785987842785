import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './database';

/** One statement's worth of a write: the rows it creates, changes or deletes, by id. */
export interface WriteStep<R> {
  table: PgTable;
  ids: readonly string[];
  run(tx: Tx): Promise<R>;
}

export interface WritePlan<R> {
  /** Reads and checks, each a statement or two, before anything is written; a refusal here writes nothing. */
  checks: ReadonlyArray<(tx: Tx) => Promise<void>>;
  steps: ReadonlyArray<WriteStep<R>>;
}
