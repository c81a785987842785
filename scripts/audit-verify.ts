// npm run audit:verify: recomputes every organization's audit hash chain (decision 118) against
// the configured database; exits 1 naming the first entry that does not hold.
import { loadConfig } from '../src/server/config';
import { lockDataDir } from '../src/server/data-dir-lock';
import { openDatabase } from '../src/server/db/open-database';
import { verifyAuditChain } from '../src/server/features/audit/verify-audit-chain';

const config = loadConfig();
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let failed = false;
try {
  await database.migrate();
  const report = await verifyAuditChain(database.db);
  const organizations = Object.keys(report.verifiedThrough).length;
  if (report.breaks.length === 0) {
    console.log(
      `Audit chain verified: ${report.entries} entries in ${organizations} organization(s) (${database.kind}).`,
    );
  } else {
    failed = true;
    for (const b of report.breaks)
      console.error(
        `AUDIT CHAIN BROKEN: organization ${b.organizationId}, entry ${b.seq ?? '-'} (id ${b.id}): ${b.problem}`,
      );
  }
} finally {
  await database.close();
  unlock();
}
process.exit(failed ? 1 : 0);
