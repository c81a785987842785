import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/sql';
import { expectLedgerSound } from '../../test-support/ledger-scenario';
import { addLogin, createHolder, createOrganization } from '../../test-support/fixtures';
import { useTestApp } from '../../test-support/use-test-app';
import { runSalesforceImport } from './run-import';
import { salesforceLedger, sfIds } from '../../test-support/salesforce-ledger';
import type { SalesforceLedger } from './salesforce-records';

const t = useTestApp();

const actor = { userId: 'import-test', holderId: null };
const freshOrganization = async () => (await createOrganization(t.database.db)).organization.id;
const run = (
  organizationId: string,
  ledger: SalesforceLedger,
  opts: { dryRun?: boolean; accept?: string[] } = {},
) =>
  runSalesforceImport(t.database, {
    organizationId,
    ledger,
    dryRun: opts.dryRun ?? false,
    accept: opts.accept ?? [],
    actor,
  });
const holders = (organizationId: string) =>
  rows<{ name: string; balance: string; preferred_shares: string; active: boolean }>(
    t.database.db,
    sql`select name, balance::text, preferred_shares::text, active from shareholder
         where organization_id = ${organizationId} order by name`,
  );

describe('import from Salesforce', () => {
  it('dry-runs: reports what it would create and writes nothing', async () => {
    const org = await freshOrganization();
    const report = await run(org, salesforceLedger(), { dryRun: true });
    expect(report).toMatchObject({
      dryRun: true,
      imported: false,
      read: { shareholders: 2, shares: 3, transactions: 6 },
      created: { holders: 2, certificates: 3, operations: 4, transactions: 6 },
      problems: [],
      blocking: 0,
    });
    expect(await holders(org)).toEqual([]);
  });

  it('imports through the ledger’s rules: balances equal Balance__c, the ledger is sound', async () => {
    const org = await freshOrganization();
    const report = await run(org, salesforceLedger());
    expect(report.imported).toBe(true);
    expect(await holders(org)).toEqual([
      { name: 'Ann Archer', balance: '60.00', preferred_shares: '10.00', active: true },
      { name: 'Ben Baker', balance: '30.00', preferred_shares: '0.00', active: true },
    ]);
    const types = await rows<{ type: string; n: number }>(
      t.database.db,
      sql`select t.type, count(*)::int as n from share_transaction t
            join certificate c on c.id = t.certificate_id
           where c.organization_id = ${org} group by t.type order by t.type`,
    );
    expect(types.map((r) => [r.type, r.n])).toEqual([
      ['Cancelled', 1],
      ['Converted To Preferred', 1],
      ['Issued', 1],
      ['Issued: preferred', 1],
      ['Issued: transfer', 1],
      ['Transferred', 1],
    ]);
    const refs = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from import_ref where organization_id = ${org}`,
    );
    expect(refs[0]!.n).toBe(2 + 3 + 6);
    const audit = await rows<{ action: string; after: { created: { holders: number } } }>(
      t.database.db,
      sql`select action, after from audit_entry
           where organization_id = ${org} and action = 'salesforce.import'`,
    );
    expect(audit.map((e) => [e.action, e.after.created.holders])).toEqual([
      ['salesforce.import', 2],
    ]);
    await expectLedgerSound(t.database.db);
  });

  it('is safe to run again: nothing is created twice, and new rows are added', async () => {
    const org = await freshOrganization();
    const ledger = salesforceLedger();
    await run(org, ledger);
    const again = await run(org, ledger);
    expect(again.created).toEqual({ holders: 0, certificates: 0, transactions: 0, operations: 0 });
    expect(again.alreadyImported).toMatchObject({ holders: 2, certificates: 3, operations: 4 });
    ledger.shares.push({
      Id: 'a02000000000000009',
      Shareholder__c: sfIds.ben,
      Balance__c: 5,
      Certificate_Number__c: 9,
      Effective_Date__c: '2024-01-02',
    });
    ledger.shareholders[1]!.Balance__c = 35;
    ledger.transactions.push({
      ...ledger.transactions[0]!,
      Id: 'a03000000000000009',
      Share__c: 'a02000000000000009',
      Shares__c: 5,
      Date__c: '2024-01-02',
      Transaction_Order__c: 9,
    });
    const more = await run(org, ledger);
    expect(more.created).toEqual({ holders: 0, certificates: 1, transactions: 1, operations: 1 });
    expect((await holders(org)).map((h) => h.balance)).toEqual(['60.00', '35.00']);
  });

  it('finds every kind of problem, by record Id, and then writes nothing', async () => {
    const ledger = salesforceLedger();
    ledger.transactions[2]!.Origin__c = 'a02000000000000077'; // the transfer's origin is missing
    ledger.transactions.push({
      ...ledger.transactions[0]!,
      Id: 'a03000000000000008',
      Type__c: 'Split',
      Transaction_Order__c: 8,
    });
    ledger.shares[1]!.Balance__c = 31; // certificate ≠ its transactions
    ledger.shareholders[0]!.Balance__c = 61; // holder ≠ their certificates
    const org = await freshOrganization();
    const report = await run(org, ledger);
    expect(report.imported).toBe(false);
    const found = report.problems.map((p) => [p.kind, p.recordId]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['missing-origin', sfIds.t(3)],
        ['unknown-type', 'a03000000000000008'],
        ['certificate-balance', sfIds.cs2],
        ['holder-balance', sfIds.ann],
      ]),
    );
    expect(report.blocking).toBe(report.problems.length);
    expect(await holders(org)).toEqual([]);
  });

  it('imports when --accept names the problems to skip', async () => {
    const ledger = salesforceLedger();
    ledger.transactions.push({
      ...ledger.transactions[0]!,
      Id: 'a03000000000000008',
      Type__c: 'Split',
      Shares__c: 0.5,
      Transaction_Order__c: 8,
    });
    const org = await freshOrganization();
    const refused = await run(org, ledger);
    expect(refused.problems.map((p) => p.kind).sort()).toEqual([
      'certificate-balance',
      'holder-balance',
      'unknown-type',
    ]);
    const accepted = await run(org, ledger, {
      accept: ['a03000000000000008', 'certificate-balance', 'holder-balance'],
    });
    expect(accepted).toMatchObject({ imported: true, blocking: 0 });
    expect((await holders(org)).map((h) => h.balance)).toEqual(['60.00', '30.00']);
  });

  it('reports a record it cannot read and a certificate of a holder it did not read', async () => {
    const ledger = salesforceLedger();
    ledger.shareholders[1]!.Zip_Code__c = '10001-123'; // Ben cannot be a holder here
    ledger.transactions[5]!.Date__c = '01/02/2023'; // not a date
    const report = await run(await freshOrganization(), ledger, { dryRun: true });
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'invalid-record', recordId: sfIds.ben }),
        expect.objectContaining({ kind: 'invalid-record', recordId: sfIds.t(6) }),
        // The transfer to Ben cannot be posted without him.
        expect.objectContaining({ kind: 'missing-holder', recordId: sfIds.t(2) }),
      ]),
    );
    const orphan = salesforceLedger();
    orphan.shareholders.splice(1, 1);
    const second = await run(await freshOrganization(), orphan, { dryRun: true });
    expect(second.problems).toContainEqual(
      expect.objectContaining({
        kind: 'missing-holder',
        objectName: 'Share__c',
        recordId: sfIds.cs2,
      }),
    );
  });

  it('reports a transaction the ledger refuses, and an unpaired transfer', async () => {
    const ledger = salesforceLedger();
    ledger.transactions[1]!.Shares__c = -300; // more than the certificate holds
    ledger.transactions[2]!.Shares__c = 300;
    const org = await freshOrganization();
    const report = await run(org, ledger, { dryRun: true });
    expect(report.problems).toContainEqual(
      expect.objectContaining({ kind: 'ledger-refusal', recordId: sfIds.t(2) }),
    );
    const unpaired = salesforceLedger();
    unpaired.transactions.splice(1, 1);
    const second = await run(await freshOrganization(), unpaired, { dryRun: true });
    expect(second.problems).toContainEqual(
      expect.objectContaining({ kind: 'unpaired', recordId: sfIds.t(3) }),
    );
  });

  it('reports a holder whose e-mail is another company’s sign-in, by Id, in plain words', async () => {
    // Company A's person signs in with this e-mail; company B imports a holder who has it.
    const email = `taken-${randomUUID().slice(0, 8)}@example.test`;
    const companyA = await freshOrganization();
    await createHolder(t.database.db, companyA, { name: 'Ann of A', email });
    await addLogin(t, email, 'Ann of A', 'a-strong-passphrase-2026');
    const ledger = salesforceLedger();
    ledger.shareholders[0]!.Email__c = email.toUpperCase();
    ledger.shareholders[0]!.Is_Admin__c = true;
    const companyB = await freshOrganization();
    const report = await run(companyB, ledger);
    expect(report.imported).toBe(false);
    expect(report.problems).toContainEqual({
      kind: 'email-of-another-company',
      objectName: 'Shareholder__c',
      recordId: sfIds.ann,
      message: expect.stringMatching(/another company/),
    });
    const message = report.problems.find((p) => p.recordId === sfIds.ann)!.message;
    expect(message).toContain(email.toUpperCase()); // as Salesforce has it
    expect(message).toMatch(/Ann Archer/);
    expect(message).not.toMatch(/Shareholder__c|Email__c|import_ref/);
    expect(await holders(companyB)).toEqual([]);
  });

  it('lets a holder of another company with no sign-in be imported', async () => {
    const email = `holder-only-${randomUUID().slice(0, 8)}@example.test`;
    await createHolder(t.database.db, await freshOrganization(), { name: 'Ann', email });
    const ledger = salesforceLedger();
    ledger.shareholders[0]!.Email__c = email;
    const report = await run(await freshOrganization(), ledger, { dryRun: true });
    expect(report.problems).toEqual([]);
  });
});
