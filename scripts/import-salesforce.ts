// npm run import:salesforce -- [--dry-run] [--accept <record Id or problem kind>,...] [--org "Name"]
// Reads Shareholder__c, Share__c and Share_Transaction__c from the Salesforce org that
// SALESFORCE_CLIENT_ID and SALESFORCE_CLIENT_SECRET connect, and posts them through the ledger's
// rules. Writes nothing unless the run is clean (or --accept names every problem). Safe to re-run.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { lockDataDir } from '../src/server/data-dir-lock';
import { openDatabase } from '../src/server/db/open-database';
import { SalesforceClient } from '../src/server/salesforce/salesforce-client';
import { readSalesforceLedger } from '../src/server/features/salesforce-import/read-salesforce-ledger';
import { runSalesforceImport } from '../src/server/features/salesforce-import/run-import';
import { describeReport } from './import-report';
import { organizationMeant } from './organization-meant';

const { values } = parseArgs({
  options: {
    'dry-run': { type: 'boolean', default: false },
    accept: { type: 'string', multiple: true, default: [] },
    org: { type: 'string' },
  },
});
const config = loadConfig({ needsSessionSecret: false });
if (!config.salesforce) {
  console.error(
    'Salesforce is not configured: set SALESFORCE_CLIENT_ID and SALESFORCE_CLIENT_SECRET.',
  );
  process.exit(78);
}
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const org = await organizationMeant(database.db, values.org, false);
  const ledger = await readSalesforceLedger(new SalesforceClient(config.salesforce));
  const report = await runSalesforceImport(database, {
    organizationId: org.id,
    ledger,
    dryRun: values['dry-run'],
    accept: values.accept
      .flatMap((a) => a.split(','))
      .map((a) => a.trim())
      .filter(Boolean),
    actor: { userId: 'import:salesforce', holderId: null },
  });
  console.log(describeReport(org.legalName, report));
  if (report.blocking > 0) process.exitCode = 2;
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
  unlock();
}
