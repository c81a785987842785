import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { moment } from './columns';
import { organizationRef } from './organization-schema';

/**
 * Where each imported row came from (issue 13): a record of another system (a Salesforce Id) and
 * the registry row it became. An import that has run once finds its rows here and creates nothing
 * twice; the row and its reference are written in the same transaction.
 */
export const importRef = pgTable(
  'import_ref',
  {
    organizationId: organizationRef(),
    source: text('source').notNull(),
    objectName: text('object_name').notNull(),
    externalId: text('external_id').notNull(),
    localId: uuid('local_id').notNull(),
    importedAt: moment('imported_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.source, t.objectName, t.externalId] })],
);
