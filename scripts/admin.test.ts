import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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

describe('npm run admin -- create', () => {
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
});
