import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

// Column builders the schema files share. Each call makes a new column (a column belongs to one
// table). Function declarations, not arrow constants: the schema files import each other, and a
// table may be built before this file has run.

/** A random uuid primary key. */
export function uuidKey() {
  return uuid('id').primaryKey().defaultRandom();
}

/** A quantity of shares: numeric(20,2), exact, read back as a string (never a JS float). */
export function shares(name: string) {
  return numeric(name, { precision: 20, scale: 2 });
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
