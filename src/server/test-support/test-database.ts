import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../db/open-database';
import { templateDatabasePrefix } from './test-database-templates';

// Migrating a database from nothing costs seconds; copying a migrated one a fraction of that. So
// each test worker migrates one database, the first time a test file asks, and every test file
// gets a copy of it: PGlite's data directory image, or PostgreSQL's CREATE DATABASE … TEMPLATE.
// A worker keeps its modules from one file to the next (vitest.config.ts), so it keeps these too.
let pgliteImage: Promise<Blob> | undefined;
let postgresTemplate: Promise<string> | undefined;

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new PostgreSQL
 * database (created here, dropped by close) when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return openPglite(undefined, await migratedPgliteImage());
  const name = `registry_test_${randomBytes(6).toString('hex')}`;
  const template = await migratedPostgresTemplate(baseUrl);
  await adminQuery(baseUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = openPostgres(databaseUrl(baseUrl, name));
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const database = await openPglite(undefined);
    try {
      await database.migrate();
      // Written out to the data files, the copy opens without replaying the log.
      await database.pglite!.exec('CHECKPOINT');
      return await database.pglite!.dumpDataDir('none');
    } finally {
      await database.close();
    }
  })();
  return pgliteImage;
}

/** This worker's migrated database; nothing stays connected to it, as a template requires. */
function migratedPostgresTemplate(baseUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `${templateDatabasePrefix()}${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    const database = openPostgres(databaseUrl(baseUrl, name));
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    return name;
  })();
  return postgresTemplate;
}

function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(baseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
