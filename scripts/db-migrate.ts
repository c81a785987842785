// npm run db:migrate: apply every committed migration to the configured database.
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';
import { lockDataDir } from '../src/server/data-dir-lock';

// Migrating signs nothing: no SESSION_SECRET needed.
const config = loadConfig({ needsSessionSecret: false });
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
  unlock();
}
