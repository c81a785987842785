// The cap table (issue 25, decision 121): GET /api/v1/cap-table?asOf= answers the class summary,
// the top holders and all others on the date, from the ledger; refusals as the directory's.
import { beforeAll, describe, expect, it } from 'vitest';
import { capTableResponse } from '../../../contract/cap-table';
import { directoryResponse } from '../../../contract/ledger';
import { todayIn } from '../../../ledger';
import { useCapTableScenario } from '../../test-support/cap-table-scenario';
import { expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { createHolder } from '../../test-support/fixtures';
import { getParsed } from '../../test-support/get-parsed';
import { injectJson } from '../../test-support/inject-json';

const { t, s, extra } = useCapTableScenario();

beforeAll(async () => {
  // Eight more holders of 3 common each: thirteen holders of record, three of them "others".
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const h = await createHolder(s.db, s.organization.id, { name: `Holder ${n}` });
    await s.post({ type: 'New Issue', holderId: h.id, date: '2024-08-01', shares: '3', cost: '1' });
  }
});

const capTable = (query = '', headers = s.as.admin) =>
  getParsed(t, `/api/v1/cap-table${query}`, headers, capTableResponse);

/** Sum of 4-decimal percentages, exactly, in ten-thousandths. */
const sum = (values: string[]) => values.reduce((n, v) => n + BigInt(v.replace('.', '')), 0n);

describe('GET /api/v1/cap-table', () => {
  it('today: the classes, the ten holders with most shares and the three others', async () => {
    const body = await capTable();
    expect(body.asOf).toBe(todayIn('America/New_York'));
    expect(body.totals).toEqual({ holders: 13, outstanding: '192.00' });
    expect(body.classes).toEqual([
      expect.objectContaining({
        name: 'Common Stock',
        classType: 'common',
        authorized: null,
        issued: '172.00',
        outstanding: '172.00',
        percentOfAuthorized: null,
        holders: 13,
        percentOfOutstanding: '89.5833',
      }),
      expect.objectContaining({
        classType: 'preferred',
        outstanding: '20.00',
        holders: 1,
        percentOfOutstanding: '10.4167',
      }),
    ]);
    expect(body.topHolders.map((h) => [h.name, h.balance])).toEqual([
      ['Alice', '115.00'],
      ['Bob', '40.00'],
      ['Carol', '10.00'],
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => [`Holder ${n}`, '3.00']),
    ]);
    expect(body.topHolders[0]).toMatchObject({
      id: s.alice.id,
      common: '95.00',
      preferred: '20.00',
      ownershipPercent: '59.8958',
      commonPercent: '55.2326',
      preferredPercent: '100.0000',
    });
    // Holder 8 (3), Eve (2) and Rich Admin (1).
    expect(body.others).toEqual({
      holders: 3,
      common: '6.00',
      preferred: '0.00',
      balance: '6.00',
      ownershipPercent: '3.1250',
      commonPercent: '3.4884',
      preferredPercent: '0.0000',
    });
    const all = [...body.topHolders, body.others];
    for (const field of ['ownershipPercent', 'commonPercent', 'preferredPercent'] as const) {
      const total = sum(all.map((h) => h[field]));
      expect(total > 100_0000n ? total - 100_0000n : 100_0000n - total).toBeLessThanOrEqual(11n);
    }
  });

  it("agrees with the directory's ownership today", async () => {
    const [body, directory] = await Promise.all([
      capTable(),
      getParsed(t, '/api/v1/shareholders?pageSize=200', s.as.admin, directoryResponse),
    ]);
    for (const holder of body.topHolders) {
      const row = directory.rows.find((r) => r.id === holder.id)!;
      expect(holder).toMatchObject({
        balance: row.balance,
        ownershipPercent: row.ownershipPercent,
        commonPercent: row.commonPercent,
        preferredPercent: row.preferredPercent,
      });
    }
  });

  it('as of a past date reads the holders of that date, a holder deactivated since included', async () => {
    const body = await capTable('?asOf=2023-12-31');
    expect(body.asOf).toBe('2023-12-31');
    expect(body.totals).toEqual({ holders: 4, outstanding: '171.00' });
    expect(body.classes.map((c) => [c.classType, c.outstanding, c.holders])).toEqual([
      ['common', '171.00', 4],
      ['preferred', '0.00', 0],
    ]);
    expect(body.topHolders.map((h) => [h.id, h.balance, h.ownershipPercent])).toEqual([
      [s.alice.id, '150.00', '87.7193'],
      [s.bob.id, '10.00', '5.8480'],
      [extra.dora, '10.00', '5.8480'],
      [expect.any(String), '1.00', '0.5848'],
    ]);
    expect(body.others).toMatchObject({ holders: 0, balance: '0.00', ownershipPercent: '0.0000' });
    // Before any share: empty, every percent 0.
    const empty = await capTable('?asOf=2000-01-01');
    expect(empty.totals).toEqual({ holders: 0, outstanding: '0.00' });
    expect(empty.topHolders).toEqual([]);
    expect(empty.classes[0]).toMatchObject({ outstanding: '0.00', percentOfOutstanding: '0.0000' });
  });

  it("shows the class's authorized shares and the percent of them outstanding", async () => {
    const common = (await capTable()).classes[0]!;
    const set = await injectJson(t, 'PUT', `/api/v1/share-classes/${common.id}`, s.as.admin, {
      authorized: '1000',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await capTable()).classes[0]).toMatchObject({
      authorized: '1000.00',
      percentOfAuthorized: '17.2000',
    });
    // A past date is read against today's limit.
    expect((await capTable('?asOf=2023-12-31')).classes[0]).toMatchObject({
      authorized: '1000.00',
      outstanding: '171.00',
      percentOfAuthorized: '17.1000',
    });
  });

  it('never counts another company’s holders', async () => {
    const body = await capTable();
    expect(body.topHolders.map((h) => h.id)).not.toContain(extra.outsider);
    expect(JSON.stringify(body)).not.toContain('Outsider');
  });

  it('refuses a bad or later date (400 naming asOf), no session (401), shareholders (403)', async () => {
    for (const bad of ['2024-02-30', 'yesterday', '1899-12-31', '2024-1-5']) {
      const res = await injectJson(t, 'GET', `/api/v1/cap-table?asOf=${bad}`, s.as.admin);
      expectErrorAnswerLike(res, 400, { code: 'HTTP.VALIDATION', field: 'asOf' });
    }
    const next = `${Number(todayIn('Pacific/Kiritimati').slice(0, 4)) + 1}-01-01`;
    const later = await injectJson(t, 'GET', `/api/v1/cap-table?asOf=${next}`, s.as.admin);
    expectErrorAnswerLike(later, 400, { code: 'HTTP.VALIDATION', field: 'asOf' });
    expect(later.json().message).toContain('is after today');
    expect((await injectJson(t, 'GET', '/api/v1/cap-table', {})).statusCode).toBe(401);
    for (const who of [s.as.alice, s.as.nobody])
      expectErrorAnswerLike(await injectJson(t, 'GET', '/api/v1/cap-table', who), 403, {
        code: 'AUTH.FORBIDDEN',
      });
  });
});
