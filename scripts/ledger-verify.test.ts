import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../src/server/db/open-database';
import { poster } from '../src/server/test-support/ledger-scenario';
import { createHolder, createOrganization } from '../src/server/test-support/fixtures';
import { TEST_SESSION_SECRET } from '../src/server/test-support/test-app';
import { createTestDatabase } from '../src/server/test-support/test-database';

// npm run ledger:verify and npm run audit:verify against a scratch database: a fresh PostgreSQL database when
// TEST_DATABASE_URL is set, else an embedded data directory (which the script locks, so it is
// closed here while the script runs).

interface Scratch {
  env: Record<string, string>;
  /** Runs fn with the database open. */
  use<T>(fn: (database: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function scratch(): Promise<Scratch> {
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    return {
      env: {
        DATABASE_URL: database.pool!.options.connectionString!,
        SESSION_SECRET: TEST_SESSION_SECRET,
      },
      use: (fn) => fn(database),
      close: () => database.close(),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'registry-verify-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    use: async (fn) => {
      const database = await openPglite(dataDir);
      try {
        await database.migrate();
        return await fn(database);
      } finally {
        await database.close();
      }
    },
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function verify(env: Record<string, string>, script = 'scripts/ledger-verify.ts') {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script],
      { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

describe('npm run ledger:verify', () => {
  it('exits 0 on a sound ledger, and 1 printing the row once a balance is corrupted', async () => {
    const s = await scratch();
    try {
      const certificate = await s.use(async (database) => {
        const db = database.db;
        const { organization } = await createOrganization(db);
        const alice = await createHolder(db, organization.id, { name: 'Alice' });
        const bob = await createHolder(db, organization.id, { name: 'Bob' });
        const post = poster(database, organization.id);
        const issued = await post({
          type: 'New Issue',
          holderId: alice.id,
          date: '2024-01-01',
          shares: '100',
          cost: '1.00',
        });
        const id = issued.certificates[0]!.id;
        await post({
          type: 'Transfer',
          holderId: alice.id,
          toHolderId: bob.id,
          date: '2024-02-01',
          shares: '40',
          originCertificateIds: [id],
        });
        return id;
      });

      const sound = await verify(s.env);
      expect(sound.code, sound.stderr).toBe(0);
      expect(sound.stdout).toMatch(/Ledger invariants hold/);

      // Corrupt the kept balance of one certificate, as a bad manual fix would.
      await s.use(({ db }) =>
        db.execute(sql`update certificate set balance = balance + 1 where id = ${certificate}`),
      );
      const broken = await verify(s.env);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain('LEDGER INVARIANTS VIOLATED: 1 row(s)');
      expect(broken.stderr).toMatch(
        new RegExp(`certificate_drift .*${certificate} +kept 61\\.00 <> transactions 60\\.00`),
      );
    } finally {
      await s.close();
    }
  }, 120_000);
});

describe('npm run audit:verify', () => {
  it('exits 0 on an intact chain, and 1 naming the entry changed behind the trigger', async () => {
    const s = await scratch();
    try {
      await s.use(async (database) => {
        const { organization } = await createOrganization(database.db);
        const alice = await createHolder(database.db, organization.id, { name: 'Alice' });
        const post = poster(database, organization.id);
        for (const date of ['2024-01-01', '2024-01-02', '2024-01-03'])
          await post({ type: 'New Issue', holderId: alice.id, date, shares: '1', cost: '1' });
      });
      const sound = await verify(s.env, 'scripts/audit-verify.ts');
      expect(sound.code, sound.stderr).toBe(0);
      expect(sound.stdout).toMatch(/Audit chain verified: 3 entries in 1 organization/);

      await s.use(({ db }) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`alter table audit_entry disable trigger audit_entry_append_only`);
          await tx.execute(sql`update audit_entry set reason = 'edited' where seq = 2`);
          await tx.execute(sql`alter table audit_entry enable trigger audit_entry_append_only`);
        }),
      );
      const broken = await verify(s.env, 'scripts/audit-verify.ts');
      expect(broken.code).toBe(1);
      expect(broken.stderr).toMatch(
        /AUDIT CHAIN BROKEN: organization \S+, entry 2 \(id \d+\): its content does not match its hash/,
      );
    } finally {
      await s.close();
    }
  }, 120_000);
});
