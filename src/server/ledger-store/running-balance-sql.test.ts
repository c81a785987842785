import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayQueryResponse } from '../../contract/gateway';
import { statementResponse } from '../../contract/ledger';
import { formatShares } from '../../contract/format';
import { compareLedgerOrder, formatAmount, withRunningBalance } from '../../ledger';
import { rows } from '../db/sql';
import { useShareholderRoutesScenario } from '../test-support/shareholder-routes-scenario';
import { injectJson } from '../test-support/inject-json';
import { toHundredths } from './amounts';

// Issue 23: one running balance. The statement's Balance column, its PDF and the gateway's
// Running_Balance__c are the spec's (section 3): the cumulative sum of Shares over the holder's
// transactions in the statement's order. Alice's ledger has issues, a transfer out and one in, a
// conversion (common out, preferred in) and a cancellation, two of them on one day.

const { t, s } = useShareholderRoutesScenario();
beforeAll(async () => {
  // Bob sends 4 of CS-3 to Alice on the day she cancels 5 of CS-1 (test-support/shareholder-routes-scenario.ts).
  await s.postFrom('cs3', 'Transfer', '4', '2024-05-01', { toHolderId: s.alice.id });
  await s.post({
    type: 'New Issue',
    holderId: s.alice.id,
    date: '2024-07-01',
    shares: '7',
    cost: '1.00',
  });
});
const dir = mkdtempSync(join(tmpdir(), 'running-balance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Alice's transactions in the statement's order, each with the ledger's running balance. */
async function byTheLedger() {
  const found = await rows<{ id: string; shares: string; date: string; transaction_order: string }>(
    s.db,
    sql`select id, shares::text as shares, date::text as date, transaction_order::text as transaction_order
          from share_transaction where holder_id = ${s.alice.id}`,
  );
  const ordered = found
    .map((r) => ({
      ...r,
      shares: toHundredths(r.shares),
      transactionOrder: BigInt(r.transaction_order),
    }))
    .sort(compareLedgerOrder);
  return withRunningBalance(ordered).map((r) => ({
    id: r.id,
    balance: formatAmount(r.runningBalance),
  }));
}

/** The Balance column of a statement PDF, top to bottom (pdftotext keeps the table's layout). */
function pdfBalances(pdf: Buffer): string[] {
  const file = join(dir, 'statement.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const amount = String.raw`-?[\d,]+(?:\.\d+)?`;
  const line = new RegExp(
    String.raw`^\s*[A-Z]+-\d+\s.*?(${amount})\s+(${amount})\s+[A-Z][a-z]{2} \d{1,2}, \d{4}`,
  );
  return text.split('\n').flatMap((l) => {
    const m = line.exec(l);
    return m ? [m[2]!] : [];
  });
}

describe('one running balance', () => {
  it('is the same on the statement, its PDF and the gateway’s Running_Balance__c', async () => {
    const expected = await byTheLedger();
    // By hand: 100, +50, -30 out, -20 converted, +20 preferred, -5 cancelled, +4 in, +7.
    expect(expected.map((e) => e.balance)).toEqual([
      '100.00',
      '150.00',
      '120.00',
      '100.00',
      '120.00',
      '115.00',
      '119.00',
      '126.00',
    ]);

    const statement = statementResponse.parse(
      (
        await injectJson(t, 'GET', `/api/v1/shareholders/${s.alice.id}/statement`, s.as.alice)
      ).json(),
    );
    expect(statement.history.map((h) => ({ id: h.id, balance: h.balance }))).toEqual(expected);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/shareholders/${s.alice.id}/statement.pdf`,
      headers: s.as.alice,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdfBalances(pdf.rawPayload)).toEqual(expected.map((e) => formatShares(e.balance)));

    const gateway = await injectJson(t, 'POST', '/api/v1/registry/query', s.as.admin, {
      objectName: 'Share_Transaction__c',
      fields: 'Id,Running_Balance__c',
      filter: { Shareholder__c: s.alice.id },
      orderBy: 'Date__c, Transaction_Order__c',
    });
    expect(gateway.statusCode, gateway.body).toBe(200);
    expect(
      gateway.json<GatewayQueryResponse>().records.map((r) => ({
        id: r.Id,
        balance: Number(r.Running_Balance__c).toFixed(2),
      })),
    ).toEqual(expected);
  });
});
