import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementResponse } from '../../../contract/ledger';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { useTestApp } from '../../test-support/use-test-app';
import { formatCost, formatDate, formatShares } from '../../../contract/format';
import { renderStatementPdf, statementFileName } from './statement-pdf';

const dir = mkdtempSync(join(tmpdir(), 'statement-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as pdftotext (poppler) reads it, in layout mode: one table row per line. */
function pdfText(pdf: Buffer, name = 'statement.pdf'): string {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function statement(rows: number): StatementResponse {
  let balance = 0;
  return {
    company: {
      legalName: 'Acme Holdings, Inc.',
      address: '1 Main St',
      city: 'Dover',
      state: 'DE',
      zipCode: '19901',
      country: 'USA',
    },
    asOf: '2026-03-31',
    statementDate: '2026-04-02',
    documentId: 'ST-0123456789ABCDEF',
    holder: {
      id: id(1),
      name: 'Łukasz Żółć',
      fullName: 'Łukasz Żółć',
      email: 'lukasz@acme.test',
      address: 'ul. Świętokrzyska 12',
      city: 'Kraków',
      state: '',
      zipCode: '30001',
      phoneNumber: '+48 12 555 01 00',
      cellphoneNumber: '+48 601 555 010',
    },
    totals: {
      common: `${rows * 10}.00`,
      preferred: '0.00',
      balance: `${rows * 10}.00`,
      costPerShare: '1.25',
      ownershipPercent: '12.5000',
      commonPercent: '12.5000',
      preferredPercent: '0.0000',
    },
    history: Array.from({ length: rows }, (_, i) => {
      balance += 1000;
      const issued = i % 3 !== 2;
      return {
        id: id(100 + i),
        certificateId: id(200 + i),
        certificate: `CS-${i + 1}`,
        type: issued ? 'Issued' : 'Transferred',
        typeLabel: issued ? 'New Issue' : 'Transfer Out',
        issued,
        preferred: false,
        origin: issued ? null : `CS-${i}`,
        cost: '1250.50',
        shares: '1000.00',
        balance: `${balance}.00`,
        date: `2025-${String((i % 12) + 1).padStart(2, '0')}-0${(i % 9) + 1}`,
        notes: `row note ${i + 1}`,
        reason: null,
        counterparty: issued ? null : 'Bob Builder',
        transactionOrder: String(i + 1),
      };
    }),
  };
}

describe('renderStatementPdf', () => {
  it('prints the Unicode name, the header, the totals and every history row', async () => {
    const s = statement(80);
    const pdf = await renderStatementPdf(s);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Łukasz Żółć');
    expect(text).toContain('Acme Holdings, Inc.');
    expect(text).toContain('ST-0123456789ABCDEF');
    expect(text).toContain('TOTAL BALANCE');
    expect(text).toContain(`${formatShares(s.totals.balance)} shares`);
    expect(text).toContain('Mar 31, 2026');
    const lines = text.split('\n');
    for (const row of s.history) {
      const line = lines.find((l) => new RegExp(`^\\s*${row.certificate}\\s`).test(l));
      expect(line, row.certificate).toBeDefined();
      for (const part of [
        row.typeLabel,
        formatCost(row.cost),
        formatShares(row.shares),
        formatShares(row.balance),
        formatDate(row.date),
        row.notes,
      ])
        expect(line, `${row.certificate}: ${part}`).toContain(part);
      // The name may wrap inside its cell: its first word is on the row's line.
      if (row.counterparty)
        expect(line).toContain(`${row.typeLabel} to ${row.counterparty.split(' ')[0]}`);
    }
    expect(text).toContain('Balance: the holder’s shares after each row, common and preferred');
  });

  it('repeats the column headings on every page and numbers the pages', async () => {
    const text = pdfText(await renderStatementPdf(statement(120)), 'long.pdf');
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(2);
    for (const [i, page] of pages.entries()) {
      expect(page).toMatch(/Certificate\s+Type\s+Origin\s+Cost\s+Shares\s+Balance\s+Date\s+Notes/);
      expect(page).toContain(`page ${i + 1} of ${pages.length}`);
    }
    // The company header only on the first page.
    expect(pages[0]).toContain('STATEMENT OF SHAREHOLDINGS');
    expect(pages[1]).not.toContain('STATEMENT OF SHAREHOLDINGS');
  });

  it('names the file after the holder and the date', () => {
    expect(statementFileName(statement(1))).toBe('statement-lukasz-zolc-2026-03-31.pdf');
  });
});

describe('GET /api/v1/shareholders/:id/statement.pdf', () => {
  const t = useTestApp();
  const s = useLedgerScenario(t);
  beforeAll(async () => {
    await s.postFrom('cs1', 'Transfer', '30', '2024-02-01', {
      toHolderId: s.bob.id,
      cost: '2.00',
      notes: 'gift to Bob',
    });
  });

  const get = (headers: Record<string, string>, holderId: string, asOf?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/shareholders/${holderId}/statement.pdf${asOf ? `?asOf=${asOf}` : ''}`,
      headers,
    });

  it('gives a shareholder their own statement as a PDF attachment with every row', async () => {
    const res = await get(s.as.alice, s.alice.id, '2024-12-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="statement-alice-2024-12-31.pdf"',
    );
    const json = await t.app.inject({
      method: 'GET',
      url: `/api/v1/shareholders/${s.alice.id}/statement?asOf=2024-12-31`,
      headers: s.as.alice,
    });
    const statementJson = json.json<StatementResponse>();
    const text = pdfText(res.rawPayload, 'alice.pdf');
    expect(text).toContain('Alice');
    expect(text).toContain(`${formatShares(statementJson.totals.balance)} shares`);
    expect(statementJson.history.length).toBeGreaterThanOrEqual(3);
    for (const row of statementJson.history) {
      const line = text
        .split('\n')
        .find((l) => l.includes(formatShares(row.balance)) && l.includes(row.typeLabel));
      expect(line, `${row.certificate} ${row.typeLabel}`).toBeDefined();
      expect(line).toContain(row.certificate);
      expect(line).toContain(formatDate(row.date));
    }
    expect(text).toContain('Transfer Out');
    expect(text).toContain('gift to Bob');
  });

  it("refuses another holder's statement with the statement's own 404", async () => {
    const res = await get(s.as.bob, s.alice.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'SHAREHOLDER.NOT_FOUND' });
  });

  it('lets an administrator download any holder, and refuses the anonymous', async () => {
    expect((await get(s.as.admin, s.bob.id)).statusCode).toBe(200);
    expect((await get({}, s.bob.id)).statusCode).toBe(401);
  });
});
