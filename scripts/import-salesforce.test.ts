import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/open-database';
import { rows } from '../src/server/db/sql';
import { createOrganization } from '../src/server/ledger-store/create-organization';
import { salesforceLedger } from '../src/server/test-support/salesforce-ledger';
import {
  startSalesforceServer,
  type SalesforceServer,
} from '../src/server/test-support/salesforce-server';

// The server answers while the command runs: execFile, never spawnSync (that would block it).
const execute = promisify(execFile);
let sf: SalesforceServer;
let dataDir: string;
beforeAll(async () => {
  sf = await startSalesforceServer();
  const ledger = salesforceLedger();
  sf.seed('Shareholder__c', ledger.shareholders);
  sf.seed('Share__c', ledger.shares);
  sf.seed('Share_Transaction__c', ledger.transactions);
  dataDir = mkdtempSync(join(tmpdir(), 'registry-import-'));
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  await database.migrate();
  await createOrganization(database.db, { legalName: 'Imported Holdings, Inc.' });
  await database.close();
});
afterAll(() => sf.close());

const run = async (args: string[]) => {
  try {
    const { stdout } = await execute(
      process.execPath,
      ['--import', 'tsx', 'scripts/import-salesforce.ts', ...args],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          DEMO_DATA: 'false',
          LOG_LEVEL: 'warn',
          SALESFORCE_LOGIN_URL: sf.url,
          SALESFORCE_CLIENT_ID: sf.clientId,
          SALESFORCE_CLIENT_SECRET: sf.clientSecret,
        },
        timeout: 60_000,
      },
    );
    return { status: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { status: e.code, stdout: e.stdout + e.stderr };
  }
};

const holders = async () => {
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    return await rows<{ name: string; balance: string }>(
      database.db,
      sql`select name, balance::text from shareholder order by name`,
    );
  } finally {
    await database.close();
  }
};

describe('npm run import:salesforce', () => {
  it('dry-runs, imports, and creates nothing on a second run', async () => {
    const dry = await run(['--dry-run']);
    expect(dry.status, dry.stdout).toBe(0);
    expect(dry.stdout).toContain('Dry run for Imported Holdings, Inc.: nothing was written.');
    expect(dry.stdout).toContain('Would create: 2 holders, 3 certificates, 4 operations');
    expect(await holders()).toEqual([]);
    const imported = await run([]);
    expect(imported.stdout).toContain('Imported into Imported Holdings, Inc.');
    expect(await holders()).toEqual([
      { name: 'Ann Archer', balance: '60.00' },
      { name: 'Ben Baker', balance: '30.00' },
    ]);
    const again = await run([]);
    expect(again.stdout).toContain('Created: 0 holders, 0 certificates, 0 operations');
  }, 120_000);

  it('lists problems by record Id and exits 2 without writing', async () => {
    sf.seed('Share_Transaction__c', [
      { ...salesforceLedger().transactions[0], Id: 'a03000000000000099', Type__c: 'Split' },
    ]);
    const res = await run([]);
    expect(res.status).toBe(2);
    expect(res.stdout).toContain('unknown-type Share_Transaction__c a03000000000000099');
    expect(res.stdout).toContain('--accept');
  }, 120_000);
});
