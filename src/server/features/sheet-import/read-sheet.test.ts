import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { xlsxFile } from '../../test-support/sheet-import-client';
import { readSheet } from './read-sheet';

/** The same workbook with its zip entries in another order (zip readers must not care). */
function reordered(bytes: Buffer, first: string[], last: string[]): Buffer {
  const entries = unzipSync(bytes);
  const names = Object.keys(entries);
  const middle = names.filter((n) => !first.includes(n) && !last.includes(n));
  const ordered = Object.fromEntries(
    [...first, ...middle, ...last].map((name) => [name, entries[name]!]),
  );
  return Buffer.from(zipSync(ordered));
}

describe('readSheet', () => {
  it('reads a workbook whatever the order of its zip entries', async () => {
    const { bytes } = await xlsxFile([
      ['Name', 'Shares'],
      ['Jane Roe', 150],
    ]);
    // The order exceljs's streaming reader failed on about once in 400 files it wrote itself:
    // the relationships and shared strings before the sheet, the workbook after it.
    const orders: Array<[string[], string[]]> = [
      [['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'], ['xl/workbook.xml']],
      [[], ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml']],
    ];
    for (const [first, last] of orders) {
      const sheet = await readSheet(reordered(bytes, first, last));
      expect(sheet.headers).toEqual(['Name', 'Shares']);
      expect(sheet.rows).toEqual([
        {
          row: 2,
          cells: [
            { kind: 'text', text: 'Jane Roe' },
            { kind: 'number', value: 150 },
          ],
        },
      ]);
    }
  });

  it('refuses a workbook that unpacks to more than 32 MB without unpacking it', async () => {
    const bomb = Buffer.from(
      zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(33 * 1024 * 1024) }, { level: 9 }),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(readSheet(bomb)).rejects.toMatchObject({
      code: 'IMPORT.FILE_TOO_LARGE',
      field: 'file',
    });
  });
});
