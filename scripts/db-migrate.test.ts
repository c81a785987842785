// npm run db:migrate on an empty database: PostgreSQL when TEST_DATABASE_URL is set (a database
// created for the test), else an empty embedded DATA_DIR.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const journal = JSON.parse(
  readFileSync(join(root, 'src/server/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: Array<{ tag: string }> };
const baseUrl = process.env.TEST_DATABASE_URL;
const dbName = `registry_migrate_${randomBytes(6).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'registry-migrate-'));

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** The target database, queried after the script has run. */
async function query<T>(sql: string): Promise<T[]> {
  if (!baseUrl) {
    const db = await PGlite.create(dataDir);
    try {
      return (await db.query<T>(sql)).rows;
    } finally {
      await db.close();
    }
  }
  const c = new pg.Client({ connectionString: targetUrl() });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

const targetUrl = () => Object.assign(new URL(baseUrl!), { pathname: `/${dbName}` }).toString();

function migrate() {
  // No SESSION_SECRET: migrating signs nothing.
  const env: Record<string, string | undefined> = { ...process.env, SESSION_SECRET: '' };
  if (baseUrl) env.DATABASE_URL = targetUrl();
  else {
    env.DATABASE_URL = '';
    env.DATA_DIR = dataDir;
  }
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
}

afterAll(async () => {
  if (baseUrl) await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run db:migrate', () => {
  it('applies every committed migration to an empty database, and is idempotent', async () => {
    if (baseUrl) await admin((c) => c.query(`create database ${dbName}`));

    const first = migrate();
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`Migrations applied (${baseUrl ? 'postgres' : 'pglite'}).`);

    const applied = await query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied[0]!.n).toBe(journal.entries.length);
    const tables = await query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['organization', 'shareholder', 'certificate', 'share_transaction']),
    );

    const again = migrate();
    expect(again.status).toBe(0);
    const after = await query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(after[0]!.n).toBe(journal.entries.length);
    if (!baseUrl) expect(readdirSync(dataDir)).not.toContain('server.pid');
  }, 120_000);
});
