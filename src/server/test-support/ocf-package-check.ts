// Reads an exported OCF package back for the export's tests (decision 126): unzips it, checks
// every file against the official schemas and the manifest's md5s against the files' bytes, and
// reads the holdings our ledger gives on a date, to compare with the replayed OCF transactions.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';
import type { Db } from '../db/database';
import { rows } from '../db/sql';
import { heldOnSql } from '../ledger-store/holdings-sql';
import { ocfSchemas } from '../ocf/ocf-schemas';
import { numericHundredths, replayOcf, type OcfHoldings } from './ocf-replay';

type Item = Record<string, unknown> & { object_type: string; id: string; date: string };

export interface ReadPackage {
  manifest: Record<string, unknown> & { as_of: string; generated_at: string };
  /** Each file's text by its name in the zip. */
  texts: Record<string, string>;
  stakeholders: Item[];
  stockClasses: Item[];
  legends: Item[];
  transactions: Item[];
}

const itemsOf = (texts: Record<string, string>, path: string) =>
  (JSON.parse(texts[path]!) as { items: Item[] }).items;

/** The package's files, each valid and listed in the manifest with its right md5. */
export function readOcfPackage(zip: Uint8Array): ReadPackage {
  const texts = Object.fromEntries(
    Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, strFromU8(bytes)]),
  );
  expect(Object.keys(texts).sort()).toEqual([
    'Manifest.ocf.json',
    'Stakeholders.ocf.json',
    'StockClasses.ocf.json',
    'StockLegends.ocf.json',
    'Transactions.ocf.json',
  ]);
  for (const [path, text] of Object.entries(texts)) {
    expect(ocfSchemas().validateFile(JSON.parse(text)).problems, path).toEqual([]);
  }
  const manifest = JSON.parse(texts['Manifest.ocf.json']!) as ReadPackage['manifest'];
  const listed = Object.entries(manifest)
    .filter(([key]) => key.endsWith('_files'))
    .flatMap(([, list]) => list as { filepath: string; md5: string }[]);
  expect(listed.map((f) => f.filepath).sort()).toEqual(
    Object.keys(texts)
      .filter((p) => p !== 'Manifest.ocf.json')
      .map((p) => `./${p}`)
      .sort(),
  );
  for (const f of listed) {
    const bytes = texts[f.filepath.slice(2)]!;
    expect(f.md5, f.filepath).toBe(createHash('md5').update(bytes, 'utf8').digest('hex'));
  }
  return {
    manifest,
    texts,
    stakeholders: itemsOf(texts, 'Stakeholders.ocf.json'),
    stockClasses: itemsOf(texts, 'StockClasses.ocf.json'),
    legends: itemsOf(texts, 'StockLegends.ocf.json'),
    transactions: itemsOf(texts, 'Transactions.ocf.json'),
  };
}

/** What the ledger says each holder holds of each class on `asOf`: "holder|class id" → hundredths. */
export async function ledgerHoldings(db: Db, organizationId: string, asOf: string) {
  const held = await rows<{ holder_id: string; common: string; preferred: string }>(
    db,
    sql`select holder_id, common::text as common, preferred::text as preferred
          from (${heldOnSql(organizationId, asOf)}) x`,
  );
  const classes = await rows<{ id: string; class_type: 'common' | 'preferred' }>(
    db,
    sql`select id, class_type from share_class where organization_id = ${organizationId}`,
  );
  const out: OcfHoldings = new Map();
  for (const h of held) {
    for (const c of classes) {
      const shares = numericHundredths(h[c.class_type].replace(/(\.\d\d)0+$/, '$1'));
      if (shares !== 0n) out.set(`${h.holder_id}|${c.id}`, shares);
    }
  }
  return out;
}

/** The package's transactions replayed equal the ledger's holdings on the package's date. */
export async function expectReplayEqualsLedger(db: Db, organizationId: string, pkg: ReadPackage) {
  expect(replayOcf(pkg.transactions)).toEqual(
    await ledgerHoldings(db, organizationId, pkg.manifest.as_of),
  );
}
