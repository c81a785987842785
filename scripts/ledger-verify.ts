// npm run ledger:verify: runs ledger_invariants() against the configured database and exits
// non-zero when it returns any row (checklist LED-12).
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';
import { lockDataDir } from '../src/server/data-dir-lock';
import { ledgerInvariants } from '../src/server/ledger-store/invariants';

const config = loadConfig();
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let failed = false;
try {
  await database.migrate();
  const violations = await ledgerInvariants(database.db);
  if (violations.length === 0) {
    console.log(`Ledger invariants hold (${database.kind}).`);
  } else {
    failed = true;
    console.error(`LEDGER INVARIANTS VIOLATED: ${violations.length} row(s)`);
    for (const v of violations) {
      console.error(
        `  ${v.check_name}  org=${v.organization_id ?? '-'}  ${v.entity_id}  ${v.detail}`,
      );
    }
  }
} finally {
  await database.close();
  unlock();
}
process.exit(failed ? 1 : 0);
