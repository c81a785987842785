import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../db/database';

/**
 * A copy of the committed migrations up to and including `lastIdx`, for a test that fills a
 * database as it was before a data migration and then applies the rest.
 */
export function migrationsUpTo(lastIdx: number): string {
  const folder = mkdtempSync(join(tmpdir(), `registry-migrations-${lastIdx}-`));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
