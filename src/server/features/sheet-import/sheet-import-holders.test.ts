import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/sql';
import { csvFile, sheetImporter, xlsxFile } from '../../test-support/sheet-import-client';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();
const importSheet = sheetImporter(t);

const holderNames = async () =>
  (
    await rows<{ name: string }>(
      t.database.db,
      sql`select name from shareholder where organization_id = ${s.organization.id} order by name`,
    )
  ).map((r) => r.name);

const audited = async (action: string) =>
  (
    await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_entry
           where organization_id = ${s.organization.id} and action = ${action}`,
    )
  )[0]!.n;

const HEADER = ['Legal Name', 'E-mail', 'Zip_Code', 'stakeholder type'];

describe('POST /api/v1/imports?kind=holders', () => {
  it('previews each row in words and writes nothing', async () => {
    const before = await holderNames();
    const { res, answer } = await importSheet(s.as.admin, { kind: 'holders' }, [
      csvFile([
        HEADER,
        ['Jane Roe', 'Jane@Example.com', '19901', 'individual'],
        ['Acme LLC', '', '', 'INSTITUTION'],
      ]),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(answer()).toMatchObject({
      kind: 'holders',
      format: 'csv',
      rows: 2,
      committed: false,
      errors: [],
      steps: [
        { row: 2, action: 'create holder Jane Roe <jane@example.com>', ok: true },
        { row: 3, action: 'create holder Acme LLC', ok: true },
      ],
    });
    expect(await holderNames()).toEqual(before);
  });

  it('names every error by spreadsheet row and column, in the form’s words', async () => {
    const { res, answer } = await importSheet(s.as.admin, { kind: 'holders' }, [
      csvFile([
        HEADER,
        ['', 'x@example.com', '', ''],
        ['Bad Mail', 'not-an-email', '1990!', ''],
        ['Twin', 'twin@example.com', '', ''],
        ['Twin Again', 'TWIN@example.com', '', ''],
        ['Alice Again', s.alice.email!, '', ''],
        ['Nul\u0000Name', '', '', 'robot'],
      ]),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(answer().errors).toEqual([
      { row: 2, column: 'Legal Name', message: 'Name is required.' },
      {
        row: 3,
        column: 'E-mail',
        message: 'Enter an e-mail address such as name@example.com.',
      },
      {
        row: 3,
        column: 'Zip_Code',
        message: 'Zip Code accepts letters, digits, spaces and hyphens.',
      },
      {
        row: 5,
        column: 'E-mail',
        message: 'row 4 has the same e-mail address; each holder needs an e-mail of their own.',
      },
      {
        row: 6,
        column: 'E-mail',
        message: 'Another shareholder of this company already has this e-mail address.',
      },
      {
        row: 7,
        column: 'Legal Name',
        message: 'Name must not contain a NUL character or an unpaired surrogate.',
      },
      { row: 7, column: 'stakeholder type', message: 'Choose one of the Holder type options.' },
    ]);
    expect(answer().steps.map((step) => step.ok)).toEqual([
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
  });

  it('commits all or nothing: a bad row in the middle writes nothing', async () => {
    const before = await holderNames();
    const { res } = await importSheet(s.as.admin, { kind: 'holders', commit: true }, [
      csvFile([
        HEADER,
        ['Good One', '', '', ''],
        ['', '', '', ''.padEnd(1, 'x')],
        ['Good Two', '', '', ''],
      ]),
    ]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'IMPORT.ROWS_REFUSED',
      message: expect.stringContaining('row 3, Legal Name: Name is required.'),
      field: 'file',
    });
    expect(await holderNames()).toEqual(before);
  });

  it('commits a clean XLSX file once: the same file again answers the first receipt', async () => {
    const file = await xlsxFile([
      ['First name', 'Last name', 'Email', 'Postal code'],
      ['Xavier', 'Xu', 'xavier@example.com', 19901],
      ['Yolanda', 'Young', 'yolanda@example.com', 'SW1A 1AA'],
    ]);
    const auditsBefore = await audited('shareholder.created');
    const first = await importSheet(s.as.admin, { kind: 'holders', commit: true }, [file]);
    expect(first.res.statusCode, first.res.body).toBe(201);
    const receipt = first.answer().receipt!;
    expect(first.answer()).toMatchObject({
      committed: true,
      alreadyImported: false,
      format: 'xlsx',
    });
    expect(receipt).toMatchObject({ rows: 2, holdersCreated: 2, operationsPosted: 0 });
    expect(await holderNames()).toEqual(expect.arrayContaining(['Xavier Xu', 'Yolanda Young']));
    expect(await audited('shareholder.created')).toBe(auditsBefore + 2);
    expect(await audited('sheet_import.committed')).toBe(1);

    const namesAfter = await holderNames();
    const again = await importSheet(s.as.admin, { kind: 'holders', commit: true }, [file]);
    expect(again.res.statusCode, again.res.body).toBe(200);
    expect(again.answer()).toMatchObject({ committed: true, alreadyImported: true, receipt });
    const previewed = await importSheet(s.as.admin, { kind: 'holders' }, [file]);
    expect(previewed.answer()).toMatchObject({ alreadyImported: true, receipt, steps: [] });
    expect(await holderNames()).toEqual(namesAfter);
    expect(await audited('sheet_import.committed')).toBe(1);
  });

  it('keeps two commits of one file at once to one import: the other gets its receipt', async () => {
    const file = csvFile(
      [
        ['Name', 'Email'],
        ['Twice Once', 'twice@example.com'],
      ],
      'twice.csv',
    );
    const [a, b] = await Promise.all([
      importSheet(s.as.admin, { kind: 'holders', commit: true }, [file]),
      importSheet(s.as.admin, { kind: 'holders', commit: true }, [file]),
    ]);
    expect([a.res.statusCode, b.res.statusCode].sort(), `${a.res.body} ${b.res.body}`).toEqual([
      200, 201,
    ]);
    expect(a.answer().receipt).toEqual(b.answer().receipt);
    expect((await holderNames()).filter((n) => n === 'Twice Once')).toHaveLength(1);
  });

  it('refuses a file without a name column, naming what to add', async () => {
    const { answer } = await importSheet(s.as.admin, { kind: 'holders' }, [
      csvFile([['Email'], ['a@example.com']]),
    ]);
    expect(answer().errors).toEqual([
      {
        row: 1,
        column: null,
        message:
          'no column for Name: add a column headed Name or First name or Last name (see the template).',
      },
    ]);
    expect(answer().steps).toEqual([]);
  });

  it('takes a formula-looking CSV cell as plain text, and refuses an XLSX formula naming its cell', async () => {
    const csv = await importSheet(s.as.admin, { kind: 'holders' }, [
      csvFile([['Name'], ["=cmd|' /C calc'!A0"]]),
    ]);
    expect(csv.answer().steps).toEqual([
      { row: 2, action: "create holder =cmd|' /C calc'!A0", ok: true },
    ]);
    const xlsx = await importSheet(s.as.admin, { kind: 'holders' }, [
      await xlsxFile([
        ['Notes', 'Name'],
        ['hello', { formula: 'CONCAT("a","b")' }],
      ]),
    ]);
    expect(xlsx.answer().errors).toEqual([
      {
        row: 2,
        column: 'Name',
        message:
          'the cell holds a formula (=CONCAT("a","b")); formulas are not imported: enter the value itself (cell B2).',
      },
    ]);
  });
});
