// Ownership percentages (issue 25): each directory row and each statement carries the holder's
// percent of the shares outstanding on the date, in all and per class, 4 decimals; a whole
// directory's rows add up to 100 within rounding.
import { describe, expect, it } from 'vitest';
import { directoryResponse, statementResponse } from '../../../contract/ledger';
import { getParsed } from '../../test-support/get-parsed';
import { useShareholderRoutesScenario } from '../../test-support/shareholder-routes-scenario';

const { t, s } = useShareholderRoutesScenario();

/** Sum of 4-decimal percentages, exactly, in ten-thousandths. */
const sum = (values: string[]) => values.reduce((n, v) => n + BigInt(v.replace('.', '')), 0n);

describe('ownership percentages', () => {
  it('adds up to 100 over the directory, in all and per class, today and on an earlier date', async () => {
    for (const asOf of ['', '&asOf=2023-12-31']) {
      const body = await getParsed(
        t,
        `/api/v1/shareholders?pageSize=200${asOf}`,
        s.as.admin,
        directoryResponse,
      );
      const held = body.rows.filter((r) => r.balance !== '0.00');
      for (const field of ['ownershipPercent', 'commonPercent'] as const) {
        const total = sum(held.map((r) => r[field]));
        expect(total - 100_0000n, `${field}${asOf}`).toBeLessThanOrEqual(BigInt(held.length));
        expect(100_0000n - total, `${field}${asOf}`).toBeLessThanOrEqual(BigInt(held.length));
      }
      for (const r of body.rows.filter((x) => x.balance === '0.00'))
        expect(r.ownershipPercent).toBe('0.0000');
    }
  });

  it("gives a holder's statement the same figures as their directory row", async () => {
    const statement = await getParsed(
      t,
      `/api/v1/shareholders/${s.alice.id}/statement`,
      s.as.alice,
      statementResponse,
    );
    const directory = await getParsed(
      t,
      '/api/v1/shareholders?pageSize=200',
      s.as.admin,
      directoryResponse,
    );
    const row = directory.rows.find((r) => r.id === s.alice.id)!;
    expect(statement.totals).toMatchObject({
      ownershipPercent: row.ownershipPercent,
      commonPercent: row.commonPercent,
      preferredPercent: row.preferredPercent,
    });
    // Alice holds 95 common and 20 preferred; Bob 10 + 30 common; Rich Admin 1 common:
    // 115 / 156 and 95 / 136.
    expect(row).toMatchObject({
      ownershipPercent: '73.7179',
      commonPercent: '69.8529',
      preferredPercent: '100.0000',
    });
  });

  it('as of a date before any preferred shares, reads 0 for preferred', async () => {
    const early = await getParsed(
      t,
      `/api/v1/shareholders/${s.alice.id}/statement?asOf=2023-06-30`,
      s.as.alice,
      statementResponse,
    );
    expect(early.totals.preferredPercent).toBe('0.0000');
    expect(early.totals.ownershipPercent).not.toBe('0.0000');
  });
});
