// The committed migrations are what drizzle-kit makes of the current schema: generating again
// from schema.ts into a copy of the migrations folder finds nothing to add.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './database';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'registry-migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const list = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

describe('committed migrations', () => {
  it('match the schema: drizzle-kit generate finds no changes', () => {
    cpSync(migrationsFolder, join(work, 'out'), { recursive: true });
    const before = list(join(work, 'out'));
    // drizzle-kit 0.31 puts "./" in front of --out, so it runs in the copy's parent folder.
    const run = spawnSync(
      join(root, 'node_modules/.bin/drizzle-kit'),
      [
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        join(root, 'src/server/db/schema.ts'),
        '--out',
        'out',
      ],
      { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 },
    );
    const added = list(join(work, 'out')).filter((f) => !before.includes(f));
    const sql = added
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(join(work, 'out', f), 'utf8'));
    expect({ added, sql }).toEqual({ added: [], sql: [] });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('No schema changes');
  }, 60_000);
});
