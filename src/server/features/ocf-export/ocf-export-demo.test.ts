// The OCF export of the demo registry (decision 126): on its first day, on dates through its
// years and today, every file the official schemas accept, the manifest's md5s right, and the
// transactions replay to the ledger's holdings on the date.
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../ledger';
import { seedDemoData } from '../../demo/seed-demo';
import { rows } from '../../db/sql';
import type { CompanyCaller } from '../../http/caller';
import { ocfZipStream } from '../../ocf/ocf-package';
import { expectReplayEqualsLedger, readOcfPackage } from '../../test-support/ocf-package-check';
import { useTestDatabase } from '../../test-support/use-test-database';
import { exportOcfPackage } from './export-ocf-package';

const database = useTestDatabase();
let caller: CompanyCaller;

beforeAll(async () => {
  const { organizationId } = await seedDemoData(database);
  caller = {
    userId: 'ocf-test',
    email: 'ocf-test@example.test',
    name: 'OCF test',
    sessionId: 'ocf-test',
    holderId: null,
    organizationId,
    timeZone: 'America/New_York',
    role: 'administrator',
    via: 'cookie',
  };
}, 120_000);

async function exportOn(asOf: string) {
  const pkg = await exportOcfPackage(database.db, caller, { asOf, requestId: 'ocf-demo' });
  expect(pkg.fileName).toBe(`acme-holdings-inc-${asOf}.ocf.zip`);
  return readOcfPackage(await buffer(ocfZipStream(pkg.files, pkg.generatedAt)));
}

describe('the OCF export of the demo registry', () => {
  it('validates and replays to the ledger on dates through its years', async () => {
    const dates = await rows<{ date: string }>(
      database.db,
      sql`select distinct t.date::text as date from share_transaction t
            join shareholder h on h.id = t.holder_id
           where h.organization_id = ${caller.organizationId} order by 1`,
    );
    const picked = [0, 0.25, 0.5, 0.75].map((q) => dates[Math.floor(q * dates.length)]!.date);
    let previous = 0;
    for (const asOf of [...picked, todayIn(caller.timeZone)]) {
      const pkg = await exportOn(asOf);
      expect(pkg.manifest.as_of).toBe(asOf);
      expect(pkg.transactions.every((x) => x.date <= asOf)).toBe(true);
      expect(pkg.transactions.length).toBeGreaterThan(previous);
      previous = pkg.transactions.length;
      await expectReplayEqualsLedger(database.db, caller.organizationId, pkg);
    }
  });

  it('names the demo company, its classes and its legend as they are', async () => {
    const pkg = await exportOn(todayIn(caller.timeZone));
    expect(pkg.manifest['issuer']).toMatchObject({
      legal_name: 'Acme Holdings, Inc.',
      country_of_formation: 'US',
      address: {
        street_suite: '1209 Orange Street',
        city: 'Wilmington',
        country_subdivision: 'DE',
      },
    });
    expect(pkg.stockClasses.map((c) => [c['name'], c['default_id_prefix']])).toEqual([
      ['Common Stock', 'CS-'],
      ['Series A Preferred', 'PS-'],
    ]);
    const [org] = await rows<{ certificate_legend: string }>(
      database.db,
      sql`select certificate_legend from organization where id = ${caller.organizationId}`,
    );
    expect(pkg.legends.map((l) => l['text'])).toEqual(
      org!.certificate_legend ? [org!.certificate_legend] : [],
    );
    const kinds = new Set(pkg.transactions.map((x) => x.object_type));
    expect([...kinds].sort()).toEqual([
      'TX_STOCK_CANCELLATION',
      'TX_STOCK_CONVERSION',
      'TX_STOCK_ISSUANCE',
      'TX_STOCK_TRANSFER',
    ]);
  });
});
