import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/open-database';
import { seedDemoData, shouldSeedDemo } from './demo/seed-demo';
import { seedDemoDataLayer } from './demo/seed-demo-data-layer';
import { verifyLedgerAtStartup } from './ledger-store/verify-at-startup';

/** Migrates, seeds the demo company when it applies, and says what a newcomer needs to know. */
export async function prepareDatabase(opts: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<{ banner: string[] }> {
  const { config, database, log } = opts;
  await database.migrate();
  const banner: string[] = [];
  if (await shouldSeedDemo(config, database)) {
    const demo = await seedDemoData(database);
    const dataLayer = await seedDemoDataLayer(database.db, demo.organizationId);
    log.info({ holders: demo.holders, tenants: dataLayer.tenants }, 'demo data seeded');
  }
  await verifyLedgerAtStartup(database.db, log);
  if (config.demoData !== false) banner.push(...(await demoBanner(database)));
  return { banner };
}

async function demoBanner(database: Database): Promise<string[]> {
  const { demoLogins } = await import('./demo/seed-demo');
  const logins = await demoLogins(database);
  if (logins.length === 0) return [];
  return [
    '',
    'Demo logins (each shown while its demo password still works):',
    ...logins.map((l) => `  ${l.role.padEnd(13)} ${l.email} / ${l.password}`),
  ];
}
