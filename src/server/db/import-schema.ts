import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization } from './schema';

/**
 * Where each imported row came from (issue 13): a record of another system (a Salesforce Id) and
 * the registry row it became. An import that has run once finds its rows here and creates nothing
 * twice; the row and its reference are written in the same transaction.
 */
export const importRef = pgTable(
  'import_ref',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id),
    source: text('source').notNull(),
    objectName: text('object_name').notNull(),
    externalId: text('external_id').notNull(),
    localId: uuid('local_id').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.source, t.objectName, t.externalId] })],
);
