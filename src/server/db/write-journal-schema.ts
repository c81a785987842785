import { integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * What a data-layer write spread over several transactions must undo if it does not finish
 * (db/sliced-write.ts, PGlite only): per step, the rows it touched as they were before it,
 * copied by the database itself (exact numerics). A write that ends deletes its rows in its last
 * transaction; rows found at start-up belong to a write that a crash cut short, and are undone
 * before the server listens.
 */
export const dataWriteJournal = pgTable(
  'data_write_journal',
  {
    writeId: uuid('write_id').notNull(),
    step: integer('step').notNull(),
    tableName: text('table_name').notNull(),
    /** The ids the step creates, changes or deletes. */
    ids: jsonb('ids').notNull(),
    /** Those of them that existed before the step, each row as to_jsonb wrote it. */
    before: jsonb('before').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.writeId, t.step] })],
);
