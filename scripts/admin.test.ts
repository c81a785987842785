import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/server/db/open-database';
import { matchHolder } from '../src/server/auth/holder-match';
import { signInAs } from '../src/server/test-support/fixtures';
import { createTestApp } from '../src/server/test-support/test-app';

const run = (args: string[], dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
    },
    timeout: 60_000,
  });

// Each case starts the CLI up to four times (tsx, PGlite, migrations): on a loaded two-core machine
// one start has taken 15 s, so the cases get more than the default 30 s.
describe('npm run admin -- create', { timeout: 150_000 }, () => {
  it('creates the first administrator and mails an invitation to choose a password', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'registry-admin-'));
    const res = run(
      [
        'create',
        '--email',
        'Boss@Example.test',
        '--name',
        'Bea Boss',
        '--org',
        'Example Holdings, Inc.',
      ],
      dataDir,
    );
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('Administrator boss@example.test created');
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const mail = readFileSync(join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(mail).toContain('To: boss@example.test');
    expect(mail).toContain('Subject: Example Holdings, Inc.: Your administrator account');
    expect(mail).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{24,}/);
    expect(res.stdout + res.stderr).not.toMatch(/token=/);
  });

  it("sets the company's time zone, refusing a name that is not one", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'registry-admin-'));
    const created = run(
      ['create', '--email', 'tz@example.test', '--name', 'Tess Zone', '--org', 'Zone, Inc.'],
      dataDir,
    );
    expect(created.status, created.stderr).toBe(0);
    const bad = run(['time-zone', '--zone', 'Mars/Olympus'], dataDir);
    expect(bad.status).toBe(64);
    expect(bad.stderr).toContain('Not a time zone: Mars/Olympus');
    const set = run(['time-zone', '--zone', 'Europe/Warsaw'], dataDir);
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toMatch(
      /Time zone of Zone, Inc\.: Europe\/Warsaw \(today there: \d{4}-\d{2}-\d{2}\)/,
    );
  });

  it('says how to use it when arguments are missing', () => {
    const res = run(['create'], mkdtempSync(join(tmpdir(), 'registry-admin-')));
    expect(res.status).toBe(64);
    expect(res.stderr).toContain('Usage: npm run admin -- create --email');
  });

  it('creates a second company, with its share classes, whose administrator sees only it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'registry-admin-'));
    const admins = [
      ['ann@one.test', 'Ann One', 'One, Inc.'],
      ['bo@two.test', 'Bo Two', 'New Co'],
    ] as const;
    for (const [email, name, org] of admins) {
      const res = run(['create', '--email', email, '--name', name, '--org', org], dataDir);
      expect(res.status, res.stderr).toBe(0);
      expect(res.stdout).toContain(`Organization created: ${org}`);
    }
    // Naming an existing company adds to it; without --org there is no single company to mean.
    const third = run(
      ['create', '--email', 'cy@two.test', '--name', 'Cy', '--org', 'new co'],
      dataDir,
    );
    expect(third.stdout).not.toContain('Organization created');
    expect(run(['time-zone', '--zone', 'Europe/Warsaw'], dataDir).stderr).toContain('--org');

    const database = await openPglite(dataDir);
    const t = await createTestApp({ database });
    try {
      const one = await matchHolder(database.db, 'ann@one.test');
      const two = await matchHolder(database.db, 'bo@two.test');
      expect((await matchHolder(database.db, 'cy@two.test')).organizationId).toBe(
        two.organizationId,
      );
      expect(one.organizationId).not.toBe(two.organizationId);
      const asTwo = await signInAs(t, 'bo@two.test');
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/v1/shareholders/${two.holderId}`,
        headers: asTwo,
      });
      expect(own.statusCode).toBe(200);
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/v1/shareholders/${one.holderId}`,
        headers: asTwo,
      });
      expect(other.statusCode).toBe(404);
      // The new company has its own classes and numbers its certificates from 1.
      const issued = await t.app.inject({
        method: 'POST',
        url: '/api/v1/transactions',
        headers: { ...asTwo, 'idempotency-key': randomUUID() },
        payload: {
          ShareholderId: two.holderId,
          ShareDate: '2024-01-02',
          Shares: '10',
          Type: 'New Issue',
          ClassType: 'preferred',
        },
      });
      expect(issued.statusCode, issued.body).toBe(201);
      expect(issued.json()).toMatchObject({ certificates: [{ number: 1, certificate: 'PS-1' }] });
    } finally {
      await t.close();
    }
  }, 120_000);
});
