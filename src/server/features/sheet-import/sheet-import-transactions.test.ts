import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/sql';
import { createHolder, createOrganization } from '../../test-support/fixtures';
import { csvFile, sheetImporter, xlsxFile } from '../../test-support/sheet-import-client';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();
const importSheet = sheetImporter(t);

/** Every holder's balance and the company's number of operations: the ledger as it stands. */
const ledger = async () => ({
  balances: await rows<{ name: string; balance: string }>(
    t.database.db,
    sql`select name, balance::text from shareholder
         where organization_id = ${s.organization.id} order by name`,
  ),
  operations: (
    await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_operation where organization_id = ${s.organization.id}`,
    )
  )[0]!.n,
});

const HEADER = [
  'Type',
  'date',
  'email',
  'To holder',
  'stock_class_id',
  'quantity',
  'share_price',
  'custom_id',
  'Reason',
];

describe('POST /api/v1/imports?kind=transactions', () => {
  it('previews each row as the ledger decides it, and writes nothing', async () => {
    const before = await ledger();
    const { res, answer } = await importSheet(s.as.admin, { kind: 'transactions' }, [
      csvFile([
        HEADER,
        ['New Issue', '2024-01-02', s.carol.id, '', 'Common Stock', '1,000', '$0.50', ''],
        ['issuance', '2024-01-03', s.bob.email!, '', 'Series A Preferred', '20.5', '', ''],
        ['Transfer', '2024-02-01', s.alice.email!, s.bob.email!, '', '40', '', 'CS-1'],
        ['Cancel', '2024-02-02', s.bob.email!, '', '', '5', '', '3', 'Lost certificate'],
      ]),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { steps, errors } = answer();
    expect(errors).toEqual([]);
    expect(steps.map((step) => step.action)).toEqual([
      'issue 1,000.00 Common to Carol at $0.50 a share (CS-4)',
      'issue 20.50 Preferred to Bob (PS-5)',
      'transfer 40.00 from Alice’s CS-1 to Bob (CS-6)',
      'cancel 5.00 of Bob’s CS-3',
    ]);
    expect(await ledger()).toEqual(before);
  });

  it('names every error by row and column: the form’s words, the ledger’s, and unknown holders', async () => {
    const other = await createOrganization(t.database.db, 'Other Co');
    const stranger = await createHolder(t.database.db, other.organization.id, {
      name: 'Stranger',
      email: 'stranger@example.com',
    });
    const { answer } = await importSheet(s.as.admin, { kind: 'transactions' }, [
      csvFile([
        HEADER,
        ['New Issue', '2024-01-02', s.carol.id, '', '', '12.345', '', ''],
        ['New Issue', '2024-13-02', stranger.id, '', '', '10', '', ''],
        ['New Issue', '2024-01-02', 'stranger@example.com', '', '', '10', '', ''],
        ['Transfer', '2024-02-01', s.alice.email!, s.bob.email!, '', '1000', '', 'CS-1'],
        ['Cancel', '2024-02-01', s.alice.email!, '', '', '1', '', 'CS-999', 'Lost'],
        ['Swap', '2024-02-01', s.alice.email!, '', '', '1', '', ''],
      ]),
    ]);
    expect(answer().errors).toEqual([
      { row: 2, column: 'quantity', message: 'Shares takes at most 2 decimals; 12.345 has 3.' },
      {
        row: 3,
        column: 'email',
        message: `no shareholder of this company has the id ${stranger.id}.`,
      },
      { row: 3, column: 'date', message: 'Date: enter a date such as 2026-01-31.' },
      {
        row: 4,
        column: 'email',
        message:
          'no shareholder of this company has the e-mail stranger@example.com: a transaction ' +
          'names a holder already in the registry (import the holders first, then the transactions).',
      },
      {
        row: 5,
        column: 'quantity',
        message: 'The chosen origin certificates do not hold enough shares.',
      },
      {
        row: 6,
        column: 'custom_id',
        message: 'no certificate of this company is numbered CS-999.',
      },
      { row: 7, column: 'Type', message: 'Choose one of the Type options.' },
    ]);
  });

  it('commits all or nothing: a bad row in the middle writes nothing, then the fixed file posts', async () => {
    const before = await ledger();
    const rowsOf = (middle: string) => [
      HEADER,
      ['New Issue', '2024-03-01', s.carol.id, '', 'Common', '100', '1', ''],
      ['New Issue', '2024-03-01', s.bob.email!, '', 'Common', middle, '1', ''],
      ['New Issue', '2024-03-01', s.alice.email!, '', 'Common', '300', '1', ''],
    ];
    const bad = await importSheet(s.as.admin, { kind: 'transactions', commit: true }, [
      csvFile(rowsOf('-5')),
    ]);
    expect(bad.res.statusCode, bad.res.body).toBe(422);
    expect(bad.res.json()).toMatchObject({
      code: 'IMPORT.ROWS_REFUSED',
      message: expect.stringContaining('row 3, quantity: Shares cannot be negative'),
    });
    expect(await ledger()).toEqual(before);

    const good = await importSheet(s.as.admin, { kind: 'transactions', commit: true }, [
      csvFile(rowsOf('200')),
    ]);
    expect(good.res.statusCode, good.res.body).toBe(201);
    expect(good.answer().receipt).toMatchObject({ operationsPosted: 3, holdersCreated: 0 });
    expect(good.answer().receipt!.certificates).toHaveLength(3);
    const after = await ledger();
    expect(after.operations).toBe(before.operations + 3);

    const again = await importSheet(s.as.admin, { kind: 'transactions', commit: true }, [
      csvFile(rowsOf('200')),
    ]);
    expect(again.answer()).toMatchObject({ alreadyImported: true, receipt: good.answer().receipt });
    expect(await ledger()).toEqual(after);
  });

  it('reads an XLSX with a date cell, an Excel serial and plain numbers', async () => {
    const { answer } = await importSheet(s.as.admin, { kind: 'transactions' }, [
      await xlsxFile([
        ['Holder', 'Date', 'Shares', 'Cost per share', 'Approval date'],
        [s.carol.id, new Date(Date.UTC(2024, 0, 31)), 150, 0.25, 45292],
        [s.carol.id, 45293, 1e20, 1, ''],
      ]),
    ]);
    expect(answer().format).toBe('xlsx');
    expect(answer().steps[0]).toMatchObject({ row: 2, ok: true });
    expect(answer().steps[0]!.action).toMatch(/^issue 150\.00 Common to Carol at \$0\.25 a share/);
    expect(answer().errors).toEqual([
      {
        row: 3,
        column: 'Shares',
        message: 'must be a number with at most 2 decimals and 15 significant digits (cell C3).',
      },
    ]);
  });
});
