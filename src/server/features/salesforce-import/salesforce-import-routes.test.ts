import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SalesforceImportReport } from '../../../contract/salesforce-import';
import { rows } from '../../db/sql';
import { expectLedgerSound } from '../../test-support/ledger-scenario';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { salesforceEnv, useSalesforceServer } from '../../test-support/use-salesforce-server';
import { useTestApp } from '../../test-support/use-test-app';
import { salesforceLedger } from '../../test-support/salesforce-ledger';

const sf = useSalesforceServer({ batchSize: 4 });
beforeAll(() => {
  const ledger = salesforceLedger();
  sf.seed('Shareholder__c', ledger.shareholders);
  sf.seed('Share__c', ledger.shares);
  sf.seed('Share_Transaction__c', ledger.transactions);
});
const t = useTestApp(() => ({ env: salesforceEnv(sf) }));
const a = useLedgerScenario(t);

const importIt = (body: unknown, headers = a.as.admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/import/salesforce',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const balances = () =>
  rows<{ name: string; balance: string }>(
    t.database.db,
    sql`select name, balance::text from shareholder
         where organization_id = ${a.organization.id} order by name`,
  );

describe('GET /api/v1/import/salesforce', () => {
  it('says a Salesforce org is connected', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/import/salesforce',
      headers: a.as.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ connected: true });
  });
});

describe('POST /api/v1/import/salesforce', () => {
  it('reads every page of the connected org and dry-runs by default', async () => {
    const res = await importIt({});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SalesforceImportReport>()).toMatchObject({
      dryRun: true,
      imported: false,
      read: { shareholders: 2, shares: 3, transactions: 6 },
      created: { holders: 2, certificates: 3, operations: 4 },
      blocking: 0,
    });
    expect((await balances()).map((h) => h.name)).not.toContain('Ann Archer');
  });

  it('imports beside the company’s holders, then a re-run creates nothing', async () => {
    const res = await importIt({ dryRun: false });
    expect(res.json<SalesforceImportReport>().imported).toBe(true);
    expect(await balances()).toEqual(
      expect.arrayContaining([
        { name: 'Ann Archer', balance: '60.00' },
        { name: 'Ben Baker', balance: '30.00' },
        { name: 'Alice', balance: '150.00' },
      ]),
    );
    const again = await importIt({ dryRun: false });
    expect(again.json<SalesforceImportReport>().created).toEqual({
      holders: 0,
      certificates: 0,
      transactions: 0,
      operations: 0,
    });
    await expectLedgerSound(t.database.db);
  });

  it('is for administrators with a session', async () => {
    expect((await importIt({}, {})).statusCode).toBe(401);
    expect((await importIt({}, a.as.alice)).statusCode).toBe(403);
    const bad = await importIt({ dryRun: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('dryRun');
    const nul = await importIt({ accept: ['a\u0000b'] });
    expect(nul.statusCode).toBe(400);
    expect(nul.json<{ field: string }>().field).toBe('accept.0');
    const many = await importIt({ accept: Array.from({ length: 1001 }, (_, i) => `a${i}`) });
    expect(many.json<{ field: string }>().field).toBe('accept');
  });
});
