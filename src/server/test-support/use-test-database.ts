import { afterAll } from 'vitest';
import type { Database } from '../db/open-database';
import { filledBeforeAll } from './filled-before-all';
import { createTestDatabase } from './test-database';

/** A fresh, migrated database for the tests around the call, closed after them. */
export function useTestDatabase(): Database {
  const database = filledBeforeAll(createTestDatabase);
  afterAll(() => database.close());
  return database;
}
