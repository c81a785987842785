// Each export's content in both formats (issue 26, decision 125): the CSV parsed with csv-parse,
// the workbook read back with exceljs (numbers are numbers with their formats, dates are dates,
// the header bold and frozen), as of today and of a past date.
import { describe, expect, it } from 'vitest';
import { EVE_NAME } from '../../test-support/cap-table-scenario';
import { csvRecords, getExport, sheetRows, xlsxSheet } from '../../test-support/export-files';
import { useExportsScenario } from '../../test-support/exports-scenario';

const { t, s } = useExportsScenario();

const csv = async (path: string) => {
  const res = await getExport(t, `/api/v1/exports/${path}`, s.as.admin);
  expect(res.statusCode, res.body).toBe(200);
  return csvRecords(res.body);
};
const xlsx = async (path: string) => {
  const res = await getExport(t, `/api/v1/exports/${path}`, s.as.admin);
  expect(res.statusCode, res.body).toBe(200);
  return xlsxSheet(res.rawPayload);
};
const byFirst = (records: unknown[][], first: unknown) => records.find((r) => r[0] === first);
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

describe('the cap table export', () => {
  it('CSV: each holder of record with shares and percent of each class, then the totals', async () => {
    const records = await csv('cap-table.csv');
    expect(records[0]).toEqual([
      'Holder',
      'Common Stock shares',
      'Common Stock %',
      'Series A Preferred shares',
      'Series A Preferred %',
      'Total shares',
      'Ownership %',
    ]);
    // 148 + 5 + 3 common, 20 preferred: 176 shares.
    expect(byFirst(records, 'Alice')).toEqual([
      'Alice',
      '95.00',
      '60.8974',
      '20.00',
      '100.0000',
      '115.00',
      '65.3409',
    ]);
    expect(records.slice(-3)).toEqual([
      ['Total Common Stock', '156.00', '100.0000', '0.00', '0.0000', '156.00', '88.6364'],
      ['Total Series A Preferred', '0.00', '0.0000', '20.00', '100.0000', '20.00', '11.3636'],
      ['Total (10 holders)', '156.00', '100.0000', '20.00', '100.0000', '176.00', '100.0000'],
    ]);
    // Dora holds nothing today; another company's holder is never listed.
    expect(records.map((r) => r[0])).not.toContain('Dora');
    expect(records.map((r) => r[0])).not.toContain('Aaron Outsider');
  });

  it('XLSX: the same figures as numbers with 2 and 4 decimals, header bold and frozen', async () => {
    const sheet = await xlsx('cap-table.xlsx');
    expect(sheet.name).toBe('Cap table');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font).toMatchObject({ bold: true });
    expect(sheet.getColumn(1).width).toBe(36);
    const records = sheetRows(sheet);
    expect(byFirst(records, 'Alice')).toEqual(['Alice', 95, 60.8974, 20, 100, 115, 65.3409]);
    const alice = sheet.getRow(records.findIndex((r) => r[0] === 'Alice') + 1);
    expect(alice.getCell(2).numFmt).toBe('#,##0.00');
    expect(alice.getCell(3).numFmt).toBe('0.0000');
    const total = sheet.getRow(records.length);
    expect(total.getCell(1).value).toBe('Total (10 holders)');
    expect(total.getCell(6).value).toBe(176);
    expect(total.getCell(6).font).toMatchObject({ bold: true });
  });

  it('as of a past date: the holders and totals of that date', async () => {
    const records = await csv('cap-table.csv?asOf=2023-12-31');
    expect(records.slice(1)).toEqual([
      ['Alice', '150.00', '87.7193', '0.00', '0.0000', '150.00', '87.7193'],
      ['Bob', '10.00', '5.8480', '0.00', '0.0000', '10.00', '5.8480'],
      ['Dora', '10.00', '5.8480', '0.00', '0.0000', '10.00', '5.8480'],
      ['Rich Admin', '1.00', '0.5848', '0.00', '0.0000', '1.00', '0.5848'],
      ['Total Common Stock', '171.00', '100.0000', '0.00', '0.0000', '171.00', '100.0000'],
      ['Total Series A Preferred', '0.00', '0.0000', '0.00', '0.0000', '0.00', '0.0000'],
      ['Total (4 holders)', '171.00', '100.0000', '0.00', '0.0000', '171.00', '100.0000'],
    ]);
  });
});

describe('the company ledger export', () => {
  it('CSV: every transaction in the ledger’s order with counterparties and operation facts', async () => {
    const records = await csv('company-ledger.csv');
    expect(records[0]).toEqual([
      'Date',
      'Type',
      'Holder',
      'Certificate',
      'Class',
      'Shares',
      'Cost per share',
      'Origin certificate',
      'Counterparty',
      'Consideration',
      'Currency',
      'Approval date',
      'Approval reference',
      'Reason',
      'Notes',
      'Operation',
      'Reverses operation',
      'Reversed by operation',
    ]);
    expect(records).toHaveLength(1 + 13 + 6);
    const dates = records.slice(1).map((r) => r[0]!);
    expect(dates).toEqual([...dates].sort());
    const transferIn = records.find((r) => r[1] === 'Transfer In' && r[2] === 'Bob')!;
    expect(transferIn.slice(0, 9)).toEqual([
      '2024-03-01',
      'Transfer In',
      'Bob',
      'CS-4',
      'Common',
      '30.00',
      '2.00',
      'CS-1',
      'Alice',
    ]);
    const paid = records.slice(1).find((r) => r[9] !== '')!;
    expect(paid.slice(0, 14)).toEqual([
      '2025-01-10',
      'New Issue',
      "'+1",
      paid[3],
      'Common',
      '3.00',
      '0.00',
      '',
      '',
      '1500.50',
      'EUR',
      '2025-01-05',
      "'=Board consent",
      '',
    ]);
    expect(paid[15]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('XLSX: dates are dates, shares numbers (negative too), consideration in its currency', async () => {
    const sheet = await xlsx('company-ledger.xlsx');
    const records = sheetRows(sheet);
    const out = records.find((r) => r[1] === 'Transfer Out' && r[2] === 'Alice')!;
    expect(out.slice(0, 7)).toEqual([
      utc('2024-03-01'),
      'Transfer Out',
      'Alice',
      'CS-1',
      'Common',
      -30,
      2,
    ]);
    const row = sheet.getRow(records.findIndex((r) => r === out) + 1);
    expect(row.getCell(1).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(6).numFmt).toBe('#,##0.00');
    expect(row.getCell(7).numFmt).toBe('#,##0.00 "USD"');
    const paidAt = records.findIndex((r) => r[9] !== null && r[0] !== 'Date');
    const paid = sheet.getRow(paidAt + 1);
    expect(paid.getCell(10).value).toBe(1500.5);
    expect(paid.getCell(10).numFmt).toBe('#,##0.00 "EUR"');
    expect(paid.getCell(12).value).toEqual(utc('2025-01-05'));
  });

  it('as of a past date: only the transactions dated by then', async () => {
    const records = await csv('company-ledger.csv?asOf=2023-12-31');
    expect(records.slice(1).map((r) => [r[0], r[2], r[5]])).toEqual([
      ['2023-01-01', 'Rich Admin', '1.00'],
      ['2023-01-02', 'Alice', '100.00'],
      ['2023-02-01', 'Dora', '10.00'],
      ['2023-06-01', 'Alice', '50.00'],
      ['2023-07-01', 'Bob', '10.00'],
    ]);
  });
});

describe('the stockholder list export', () => {
  it('CSV and XLSX: by class, alphabetically, with addresses and shares', async () => {
    const records = await csv('stockholder-list.csv?asOf=2024-12-31');
    expect(records).toEqual([
      ['Class', 'Name', 'Address', 'City', 'State', 'Postal code', 'Country', 'Shares'],
      [
        'Common Stock',
        `'${EVE_NAME}`,
        `'+1 "Main", Suite @5`,
        "'-Dover",
        '',
        'SW1A 2AA',
        'GB',
        '2.00',
      ],
      ['Common Stock', 'Alice', '', '', '', '', '', '95.00'],
      ['Common Stock', 'Bob', '', '', '', '', '', '40.00'],
      ['Common Stock', 'Carol', '', '', '', '', '', '10.00'],
      ['Common Stock', 'Rich Admin', '', '', '', '', '', '1.00'],
      ['Series A Preferred', 'Alice', '', '', '', '', '', '20.00'],
    ]);
    const sheet = sheetRows(await xlsx('stockholder-list.xlsx?asOf=2024-12-31'));
    expect(sheet.slice(2)).toEqual(
      records
        .slice(2)
        .map((r) => [...r.slice(0, 7).map((c) => (c === '' ? null : c)), Number(r[7])]),
    );
  });
});

describe('the certificate register export', () => {
  it('today and as of a past date: shares moved out, balance and status of that date', async () => {
    const today = await csv('certificate-register.csv');
    expect(byFirst(today, 'CS-1')).toEqual([
      'CS-1',
      'Common Stock',
      'Alice',
      '2023-01-02',
      '1.00',
      '',
      '100.00',
      '30.00',
      '0.00',
      '5.00',
      '65.00',
      'partly-transferred',
    ]);
    const then = await csv('certificate-register.csv?asOf=2024-03-31');
    expect(byFirst(then, 'CS-1')!.slice(6)).toEqual([
      '100.00',
      '30.00',
      '0.00',
      '0.00',
      '70.00',
      'partly-transferred',
    ]);
    expect(byFirst(then, 'CS-7')!.slice(10)).toEqual(['10.00', 'outstanding']);
    expect(then.map((r) => r[0])).not.toContain('CS-9');
    const sheet = sheetRows(await xlsx('certificate-register.xlsx?asOf=2024-03-31'));
    expect(byFirst(sheet, 'CS-1')).toEqual([
      'CS-1',
      'Common Stock',
      'Alice',
      utc('2023-01-02'),
      1,
      null,
      100,
      30,
      0,
      0,
      70,
      'partly-transferred',
    ]);
  });
});

describe("a holder's statement export", () => {
  it('their transactions by date with the running balance, as of the date', async () => {
    const records = await csv(`statement/${s.alice.id}.csv?asOf=2024-04-30`);
    expect(records.slice(1).map((r) => [r[0], r[1], r[2], r[4], r.at(-1)])).toEqual([
      ['2023-01-02', 'New Issue', 'CS-1', '100.00', '100.00'],
      ['2023-06-01', 'New Issue', 'CS-2', '50.00', '150.00'],
      ['2024-03-01', 'Transfer Out', 'CS-1', '-30.00', '120.00'],
      ['2024-04-01', 'Converted to Preferred', 'CS-2', '-20.00', '100.00'],
      ['2024-04-01', 'Preferred Issue', 'PS-5', '20.00', '120.00'],
    ]);
    expect(records[3]![7]).toBe('Bob');
    const sheet = sheetRows(await xlsx(`statement/${s.alice.id}.xlsx?asOf=2024-04-30`));
    expect(sheet.slice(1).map((r) => [r[0], r[4], r.at(-1)])).toEqual([
      [utc('2023-01-02'), 100, 100],
      [utc('2023-06-01'), 50, 150],
      [utc('2024-03-01'), -30, 120],
      [utc('2024-04-01'), -20, 100],
      [utc('2024-04-01'), 20, 120],
    ]);
  });
});
