import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../db/open-database';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new PostgreSQL
 * database (created here, dropped by close) when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const database = await openPglite(undefined);
    await database.migrate();
    return database;
  }
  const name = `registry_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
