import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization } from './schema';

// Column builders the schema files share. Each call makes a new column (a column belongs to one
// table). Function declarations, not arrow constants: the schema files import each other, and a
// table may be built before this file has run.

/** A random uuid primary key. */
export function uuidKey() {
  return uuid('id').primaryKey().defaultRandom();
}

/** The company the row belongs to. */
export function organizationRef() {
  return uuid('organization_id')
    .notNull()
    .references(() => organization.id);
}

/** The first columns of a row one company owns: its random id and its organization. */
export function companyRow() {
  return { id: uuidKey(), organizationId: organizationRef() };
}

/** A moment, with its time zone. */
export function moment(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** When the row was made. */
export function createdAt() {
  return moment('created_at').notNull().defaultNow();
}

/** When the row last changed. */
export function updatedAt() {
  return moment('updated_at').notNull().defaultNow();
}
