import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { directoryResponse, directorySortKeys, type DirectoryRow } from '../../../contract/ledger';
import { shareholder } from '../../db/schema';
import { expectAdministratorsOnly } from '../../test-support/expect-administrators-only';
import { createHolder } from '../../test-support/fixtures';
import { getParsed } from '../../test-support/get-parsed';
import { injectJson } from '../../test-support/inject-json';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { useShareholderRoutesScenario } from '../../test-support/shareholder-routes-scenario';

const { t, s } = useShareholderRoutesScenario();

const get = (url: string, headers: Record<string, string>) => injectJson(t, 'GET', url, headers);

/** Names in the language's order, accents and case after the letters (Unicode's root order). */
const byLanguage = new Intl.Collator('und');

describe('GET /api/v1/shareholders (directory)', () => {
  it('lists active holders with figures and totals for an administrator', async () => {
    const url = '/api/v1/shareholders?sort=balance&dir=desc';
    const body = await getParsed(t, url, s.as.admin, directoryResponse);
    expect(body.rows.map((r) => r.name)).toEqual(['Alice', 'Bob', 'Rich Admin', 'Carol']);
    expect(body.rows[0]).toMatchObject({
      common: '95.00',
      preferred: '20.00',
      balance: '115.00',
    });
    // Alice: CS-1 65 @ 1.00, CS-2 30 @ 2.50, PS 20 @ 2.50 → (65 + 75 + 50) / 115 = 1.652… → 1.65
    expect(body.rows[0]!.costPerShare).toBe('1.65');
    // Carol is listed with no shares: counted apart from the holders of record.
    expect(body.totals).toEqual({
      shareholders: 3,
      withoutShares: 1,
      totalShares: '156.00',
      common: '136.00',
      preferred: '20.00',
    });
    expect(body.total).toBe(4);
  });

  it('searches by name and pages, keeping the totals of every listed holder', async () => {
    const res = await get('/api/v1/shareholders?search=ali&pageSize=1', s.as.admin);
    const body = directoryResponse.parse(res.json());
    expect(body.rows.map((r) => r.name)).toEqual(['Alice']);
    expect(body.total).toBe(1);
    expect(body.totals).toMatchObject({ shareholders: 3, withoutShares: 1 });
    const page2 = directoryResponse.parse(
      (await get('/api/v1/shareholders?sort=name&page=2&pageSize=2', s.as.admin)).json(),
    );
    expect(page2.rows.map((r) => r.name)).toEqual(['Carol', 'Rich Admin']);
  });

  it('derives figures as of an earlier date from the transactions', async () => {
    const body = directoryResponse.parse(
      (await get('/api/v1/shareholders?asOf=2024-03-15&sort=name', s.as.admin)).json(),
    );
    expect(body.asOf).toBe('2024-03-15');
    const alice = body.rows.find((r) => r.name === 'Alice');
    expect(alice).toMatchObject({ common: '120.00', preferred: '0.00', balance: '120.00' });
    const bob = body.rows.find((r) => r.name === 'Bob');
    expect(bob).toMatchObject({ common: '40.00', balance: '40.00' });
  });

  it('as of a date lists the holders in the registry then, and counts those with shares', async () => {
    // 2023-03-01: Alice and Rich Admin hold shares; Bob (first issue in July) and Carol were
    // added to the registry later (today) and held nothing then.
    const body = directoryResponse.parse(
      (await get('/api/v1/shareholders?asOf=2023-03-01&sort=name', s.as.admin)).json(),
    );
    expect(body.rows.map((r) => r.name)).toEqual(['Alice', 'Rich Admin']);
    expect(body.totals).toMatchObject({ shareholders: 2, withoutShares: 0 });
    expect(body.total).toBe(2);
  });

  it('refuses shareholders (403) and anonymous callers (401); 400 names a bad parameter', () =>
    expectAdministratorsOnly(t, s, '/api/v1/shareholders', {
      query: 'sort=password',
      field: 'sort',
    }));
});

describe('directory sort, search and paging (every sortable column, both directions)', () => {
  // Its own organization, with ties on every figure so the id tie-break shows.
  const o = useLedgerScenario(t);
  beforeAll(async () => {
    const holder = (name: string) => createHolder(o.db, o.organization.id, { name });
    const dave = await holder('dave');
    const erin = await holder('Erin');
    await holder('Frank');
    const issue = (
      holderId: string,
      shares: string,
      cost: string,
      classType: 'common' | 'preferred',
    ) => o.post({ type: 'New Issue', holderId, date: '2023-02-01', shares, cost, classType });
    await issue(dave.id, '10', '3.00', 'preferred');
    await issue(erin.id, '10', '0.50', 'common');
    await issue(erin.id, '5', '1.00', 'preferred');
  });

  const directory = (query: string) =>
    getParsed(t, `/api/v1/shareholders?${query}`, o.as.admin, directoryResponse);

  /** Hundredths, so figures compare exactly. */
  const exact = (amount: string) => BigInt(amount.replace('.', ''));
  const byAmount = (amount: (r: DirectoryRow) => string) => (a: DirectoryRow, b: DirectoryRow) => {
    const [x, y] = [exact(amount(a)), exact(amount(b))];
    return x === y ? 0 : x < y ? -1 : 1;
  };
  const compareBy: Record<
    (typeof directorySortKeys)[number],
    (a: DirectoryRow, b: DirectoryRow) => number
  > = {
    name: (a, b) => byLanguage.compare(a.name, b.name),
    common: byAmount((r) => r.common),
    preferred: byAmount((r) => r.preferred),
    balance: byAmount((r) => r.balance),
    costPerShare: byAmount((r) => r.costPerShare),
  };

  it('lists the figures the ties are built on', async () => {
    const body = await directory('sort=name&pageSize=200');
    expect(
      body.rows.map((r) => [r.name, r.common, r.preferred, r.balance, r.costPerShare]),
    ).toEqual([
      ['Alice', '150.00', '0.00', '150.00', '1.50'],
      ['Bob', '10.00', '0.00', '10.00', '3.00'],
      ['Carol', '0.00', '0.00', '0.00', '0.00'],
      ['dave', '0.00', '10.00', '10.00', '3.00'],
      ['Erin', '10.00', '5.00', '15.00', '0.67'],
      ['Frank', '0.00', '0.00', '0.00', '0.00'],
    ]);
  });

  it.each(
    directorySortKeys.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir])),
  )(
    'sorts by %s %s, ties by id the same way, and pages through the same order',
    async (sort, dir) => {
      const all = await directory(`sort=${sort}&dir=${dir}&pageSize=200`);
      expect(all.rows).toHaveLength(6);
      const sign = dir === 'asc' ? 1 : -1;
      const compare = compareBy[sort as (typeof directorySortKeys)[number]];
      const expected = [...all.rows].sort((a, b) => {
        const order = compare(a, b);
        if (order !== 0) return order * sign;
        return a.id < b.id ? -sign : sign;
      });
      expect(all.rows.map((r) => r.name)).toEqual(expected.map((r) => r.name));

      const paged: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const body = await directory(`sort=${sort}&dir=${dir}&pageSize=2&page=${page}`);
        expect(body).toMatchObject({ page, pageSize: 2, total: 6 });
        paged.push(...body.rows.map((r) => r.name));
      }
      expect(paged).toEqual(expected.map((r) => r.name));
    },
  );

  it.each([
    ['AL', ['Alice']],
    ['e', ['Alice', 'dave', 'Erin']],
    ['  erin  ', ['Erin']],
    ['%', []],
    ['_', []],
    ['\\', []],
    ['zz', []],
  ])(
    'searches names for %j, case-insensitive, wildcards taken literally',
    async (search, names) => {
      const body = await directory(`search=${encodeURIComponent(search)}&pageSize=200`);
      expect(body.rows.map((r) => r.name)).toEqual(names);
      expect(body.total).toBe(names.length);
      // Totals stay those of every listed holder.
      expect(body.totals).toEqual({
        shareholders: 4,
        withoutShares: 2,
        totalShares: '185.00',
        common: '170.00',
        preferred: '15.00',
      });
    },
  );

  it('treats an empty search as none, and answers a page past the end with the last page', async () => {
    expect((await directory('search=&pageSize=200')).total).toBe(6);
    const last = await directory('page=3&pageSize=2');
    expect(last.rows).toHaveLength(2);
    for (const query of ['page=4&pageSize=2', 'page=999999&pageSize=2']) {
      const past = await directory(query);
      expect(past).toMatchObject({ page: 3, pageSize: 2, total: 6 });
      expect(past.rows).toEqual(last.rows);
    }
    const short = await directory('page=2&pageSize=5');
    expect(short.rows).toHaveLength(1);
    expect(await directory('page=3&pageSize=5')).toEqual(short);
    expect((await directory('pageSize=200')).rows).toHaveLength(6);
  });

  it('answers a page past the end of a search with its last page, or page 1 when nothing matches', async () => {
    const last = await directory('search=e&pageSize=2&page=2');
    expect(last).toMatchObject({ page: 2, total: 3 });
    expect(last.rows).toHaveLength(1);
    expect(await directory('search=e&pageSize=2&page=7')).toEqual(last);
    expect(await directory('search=zz&page=3')).toMatchObject({ page: 1, total: 0, rows: [] });
    const pastDate = await directory('asOf=2024-01-01&pageSize=1&page=50');
    expect(pastDate.page).toBe(pastDate.total);
    expect(pastDate.rows).toHaveLength(1);
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=201', 'pageSize'],
    ['pageSize=ten', 'pageSize'],
    ['dir=up', 'dir'],
    ['sort=id', 'sort'],
    ['asOf=2024-13-01', 'asOf'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const res = await get(`/api/v1/shareholders?${query}`, o.as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'HTTP.VALIDATION', field });
  });
});

describe('directory sort by name follows the language', () => {
  const o = useLedgerScenario(t);
  const names = ['Zoe Adams', 'Łukasz Żółć', 'Mary Ng', 'eve Ray', 'Lee Smith', 'Émile Zola'];
  beforeAll(async () => {
    for (const name of names) await createHolder(o.db, o.organization.id, { name });
  });
  const sorted = async (query: string) =>
    (await getParsed(t, `/api/v1/shareholders?${query}`, o.as.admin, directoryResponse)).rows.map(
      (r) => r.name,
    );
  // Written out by hand: Ł under L, É under E, lower and upper case together.
  const inOrder = [
    'Alice',
    'Bob',
    'Carol',
    'Émile Zola',
    'eve Ray',
    'Lee Smith',
    'Łukasz Żółć',
    'Mary Ng',
    'Zoe Adams',
  ];

  it('sorts Łukasz under L and Émile under E, both ways, and pages through the same order', async () => {
    expect(await sorted('sort=name&pageSize=200')).toEqual(inOrder);
    expect(await sorted('sort=name&dir=desc&pageSize=200')).toEqual([...inOrder].reverse());
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++)
      paged.push(...(await sorted(`sort=name&pageSize=3&page=${page}`)));
    expect(paged).toEqual(inOrder);
    expect([...inOrder].sort(byLanguage.compare)).toEqual(inOrder);
  });

  it('sorts the same way as of an earlier date, and in a search', async () => {
    // Put the added holders in the registry since 2020, so that they are listed on 2024-01-01
    // (Carol, added today with no shares, is not).
    await o.db
      .update(shareholder)
      .set({ createdAt: new Date('2020-01-01T12:00:00Z') })
      .where(inArray(shareholder.name, names));
    const then = inOrder.filter((n) => n !== 'Carol');
    expect(await sorted('sort=name&asOf=2024-01-01&pageSize=200')).toEqual(then);
    expect(await sorted('sort=name&dir=desc&asOf=2024-01-01')).toEqual([...then].reverse());
    const withE = inOrder.filter((n) => /[eé]/i.test(n));
    expect(await sorted(`sort=name&search=e`)).toEqual(withE);
  });
});
