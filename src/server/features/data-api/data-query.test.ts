import { beforeAll, describe, expect, it } from 'vitest';
import { useDataAdmin } from '../../test-support/data-api-fixtures';
import { useTestApp } from '../../test-support/use-test-app';
import { API } from '../../test-support/data-client';

const api = useDataAdmin(useTestApp());
let tenantId: string;
let accountId: string;
beforeAll(async () => {
  const tenant = await api.create('tenants', { tenant_key: 'q', name: 'Query Co' });
  tenantId = tenant.id as string;
  const account = await api.create('accounts', { tenant_id: tenantId, name: 'Initech' });
  accountId = account.id as string;
  const people: Array<[string, string | null, string, string | null]> = [
    ['Ann', 'Archer', 'active', '1980-01-15'],
    ['Bob', 'Baker', 'active', '1990-06-01'],
    ['Cid', 'Cole', 'do_not_contact', null],
    ['Dee', null, 'active', '2000-12-31'],
    ['Eve', "O'Neil; --", 'do_not_contact', '1975-03-03'],
  ];
  for (const [first_name, last_name, status, birth_date] of people)
    await api.create('contacts', {
      tenant_id: tenantId,
      first_name,
      last_name,
      status,
      birth_date,
      account_id: first_name < 'C' ? accountId : null,
    });
  for (const [n, amount, status] of [
    [1, '10.00', 'pending'],
    [2, '20.50', 'pending'],
    [3, '30.25', 'cancelled'],
  ] as const)
    await api.create('orders', {
      tenant_id: tenantId,
      order_number: `Q-${n}`,
      total_amount: amount,
      status,
      account_id: n < 3 ? accountId : null,
      order_date: `2024-0${n}-10`,
    });
});

const firstNames = async (filters: Record<string, unknown>) =>
  (
    await api.query({ entity: 'contacts', fields: ['first_name'], filters, orderBy: 'first_name' })
  ).map((r) => r.first_name);
const refused = async (body: Record<string, unknown>, field: string) => {
  const res = await api.post(`${API}/query`, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json(), JSON.stringify(body)).toMatchObject({ field });
};

describe('POST /api/v1/mysql/query: filters', () => {
  it('answers every field by default, in a stable order', async () => {
    const rows = await api.query({ entity: 'contacts' });
    expect(rows).toHaveLength(5);
    expect(Object.keys(rows[0]!)).toContain('birth_date');
    expect(rows[0]).not.toHaveProperty('organization_id');
  });

  it.each([
    ['a bare value (=)', { status: 'do_not_contact' }, ['Cid', 'Eve']],
    ['null (IS NULL)', { last_name: null }, ['Dee']],
    ['=', { first_name: { operator: '=', value: 'Bob' } }, ['Bob']],
    ['!=', { status: { operator: '!=', value: 'active' } }, ['Cid', 'Eve']],
    ['<>', { status: { operator: '<>', value: 'active' } }, ['Cid', 'Eve']],
    ['LIKE (wrapped in %, any case)', { last_name: { operator: 'LIKE', value: 'AK' } }, ['Bob']],
    ['like (lower case)', { last_name: { operator: 'like', value: "'neil;" } }, ['Eve']],
    [
      'BETWEEN',
      { birth_date: { operator: 'BETWEEN', value: ['1980-01-01', '1990-12-31'] } },
      ['Ann', 'Bob'],
    ],
    ['IN', { first_name: { operator: 'IN', value: ['Ann', 'Dee', 'Zed'] } }, ['Ann', 'Dee']],
    ['IS NOT NULL', { birth_date: { operator: 'IS NOT NULL' } }, ['Ann', 'Bob', 'Dee', 'Eve']],
    ['<', { birth_date: { operator: '<', value: '1980-01-15' } }, ['Eve']],
    ['<=', { birth_date: { operator: '<=', value: '1980-01-15' } }, ['Ann', 'Eve']],
    ['>', { birth_date: { operator: '>', value: '1990-06-01' } }, ['Dee']],
    ['>=', { birth_date: { operator: '>=', value: '1990-06-01' } }, ['Bob', 'Dee']],
    [
      'several fields (and)',
      { status: 'active', last_name: { operator: 'IS NOT NULL' } },
      ['Ann', 'Bob'],
    ],
    ['$or', { $or: [{ first_name: 'Ann' }, { status: 'do_not_contact' }] }, ['Ann', 'Cid', 'Eve']],
    [
      '$or within $or',
      {
        $or: [
          { first_name: 'Ann' },
          { $or: [{ first_name: 'Bob' }, { $or: [{ first_name: 'Cid' }] }] },
        ],
      },
      ['Ann', 'Bob', 'Cid'],
    ],
    ['a joined field', { 'account.name': 'Initech' }, ['Ann', 'Bob']],
  ])('%s', async (_name, filters, expected) => {
    const joins = JSON.stringify(filters).includes('account.') ? ['account'] : undefined;
    const rows = await api.query({
      entity: 'contacts',
      fields: ['first_name'],
      filters,
      joins,
      orderBy: 'first_name',
    });
    expect(rows.map((r) => r.first_name)).toEqual(expected);
  });

  it('compares money exactly and timestamps by date', async () => {
    const orders = await api.query({
      entity: 'orders',
      fields: ['order_number'],
      filters: {
        total_amount: { operator: '>', value: 20.49 },
        created_at: { operator: '>', value: '2000-01-01' },
      },
      orderBy: 'order_number',
    });
    expect(orders.map((o) => o.order_number)).toEqual(['Q-2', 'Q-3']);
  });

  it.each([
    [{ filters: { nope: 1 } }, 'filters.nope'],
    [{ filters: { 'account.name': 'x' } }, 'filters.account.name'],
    [{ filters: { first_name: ['Ann'] } }, 'filters.first_name'],
    [
      { filters: { first_name: { operator: 'SOUNDS LIKE', value: 'x' } } },
      'filters.first_name.operator',
    ],
    [
      { filters: { first_name: { operator: '=', value: 'x', extra: 1 } } },
      'filters.first_name.extra',
    ],
    [{ filters: { birth_date: { operator: 'LIKE', value: '19' } } }, 'filters.birth_date.operator'],
    [{ filters: { birth_date: 'yesterday' } }, 'filters.birth_date.value'],
    [{ filters: { id: 'not-a-uuid' } }, 'filters.id.value'],
    [{ filters: { status: 'asleep' } }, 'filters.status.value'],
    [
      { filters: { first_name: { operator: 'BETWEEN', value: ['a'] } } },
      'filters.first_name.value',
    ],
    [{ filters: { first_name: { operator: 'IN', value: [] } } }, 'filters.first_name.value'],
    [
      { filters: { first_name: { operator: 'IN', value: [{ a: 1 }] } } },
      'filters.first_name.value.0',
    ],
    [{ filters: { first_name: { a: 1 } } }, 'filters.first_name.a'],
    [{ filters: { $or: [] } }, 'filters.$or'],
    [{ filters: { $or: [{}] } }, 'filters.$or.0'],
    [{ filters: { $or: 'x' } }, 'filters.$or'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    await refused({ entity: 'contacts', ...body }, field);
  });

  it('holds the limits: 20 conditions, 100 IN values, $or 3 deep, 3 joins, limit 500', async () => {
    const conditions = (n: number) => ({
      $or: Array.from({ length: n }, (_, i) => ({ first_name: `n${i}` })),
    });
    expect(await firstNames(conditions(20))).toEqual([]);
    await refused(
      { entity: 'contacts', filters: { ...conditions(20), status: 'active' } },
      'filters',
    );
    await refused({ entity: 'contacts', filters: conditions(21) }, 'filters.$or');
    const values = (n: number) => ({
      first_name: { operator: 'IN', value: Array.from({ length: n }, (_, i) => `v${i}`) },
    });
    expect(await firstNames(values(100))).toEqual([]);
    await refused({ entity: 'contacts', filters: values(101) }, 'filters.first_name.value');
    const deep = { $or: [{ $or: [{ $or: [{ $or: [{ first_name: 'Ann' }] }] }] }] };
    await refused({ entity: 'contacts', filters: deep }, 'filters.$or.0.$or.0.$or.0.$or');
    await refused(
      { entity: 'visits', joins: ['pet', 'pet.owner', 'pet.owner.account', 'contact'] },
      'joins',
    );
    await refused({ entity: 'contacts', limit: 501 }, 'limit');
    await refused({ entity: 'contacts', limit: 0 }, 'limit');
  });
});

describe('POST /api/v1/mysql/query: fields, joins, grouping, order, paging', () => {
  it('counts: [{"count": n}], and exists is count above 0', async () => {
    expect(await api.query({ entity: 'contacts', fields: ['count(*)'] })).toEqual([{ count: 5 }]);
    const none = await api.query({
      entity: 'contacts',
      fields: ['count(*)'],
      filters: { first_name: 'Zed' },
    });
    expect(none).toEqual([{ count: 0 }]);
  });

  it('joins along declared foreign keys, chained up to 3, left or inner', async () => {
    const left = await api.query({
      entity: 'contacts',
      fields: ['first_name', 'account.name', 'tenant.tenant_key'],
      joins: ['account', { relation: 'tenant' }],
      orderBy: 'first_name',
      limit: 2,
    });
    expect(left).toEqual([
      { first_name: 'Ann', 'account.name': 'Initech', 'tenant.tenant_key': 'q' },
      { first_name: 'Bob', 'account.name': 'Initech', 'tenant.tenant_key': 'q' },
    ]);
    const inner = await api.query({
      entity: 'orders',
      fields: ['order_number'],
      joins: [{ relation: 'account', type: 'inner' }],
    });
    expect(inner).toHaveLength(2);
    const contact = await api.create('contacts', {
      tenant_id: tenantId,
      first_name: 'Own',
      account_id: accountId,
    });
    const pet = await api.create('pets', {
      tenant_id: tenantId,
      name: 'Rex',
      owner_contact_id: contact.id,
    });
    await api.create('visits', { tenant_id: tenantId, pet_id: pet.id });
    const chained = await api.query({
      entity: 'visits',
      fields: ['pet.name', 'pet.owner.first_name', 'pet.owner.account.name'],
      joins: ['pet.owner.account'],
    });
    expect(chained).toEqual([
      { 'pet.name': 'Rex', 'pet.owner.first_name': 'Own', 'pet.owner.account.name': 'Initech' },
    ]);
    await api.del(`${API}/delete/visits/${String((await api.query({ entity: 'visits' }))[0]!.id)}`);
    await api.del(`${API}/delete/pets/${String(pet.id)}`);
    await api.del(`${API}/delete/contacts/${String(contact.id)}`);
  });

  it('refuses a relation that is not a declared foreign key', async () => {
    await refused({ entity: 'contacts', joins: ['orders'] }, 'joins.0');
    await refused({ entity: 'contacts', joins: ['account.tenant.organization'] }, 'joins.0');
  });

  it('groups with count, sum, avg, min, max, having and order by an aggregate', async () => {
    const rows = await api.query({
      entity: 'orders',
      fields: [
        'status',
        'count(*)',
        'sum(total_amount)',
        { fn: 'avg', field: 'total_amount' },
        'min(order_date)',
        'max(order_number)',
      ],
      groupBy: ['status'],
      orderBy: 'count(*) desc',
    });
    expect(rows).toEqual([
      {
        status: 'pending',
        count: 2,
        sum_total_amount: '30.50',
        avg_total_amount: '15.25',
        min_order_date: '2024-01-10',
        max_order_number: 'Q-2',
      },
      {
        status: 'cancelled',
        count: 1,
        sum_total_amount: '30.25',
        avg_total_amount: '30.25',
        min_order_date: '2024-03-10',
        max_order_number: 'Q-3',
      },
    ]);
    const having = await api.query({
      entity: 'orders',
      groupBy: ['status'],
      having: { 'count(*)': { operator: '>', value: 1 } },
    });
    expect(having).toEqual([{ status: 'pending', count: 2 }]);
    const byAccount = await api.query({
      entity: 'contacts',
      fields: ['account.name', 'count(id)'],
      joins: ['account'],
      groupBy: ['account.name'],
      orderBy: [{ field: 'account.name', dir: 'asc' }],
    });
    expect(byAccount).toEqual([
      { 'account.name': 'Initech', count_id: 2 },
      { 'account.name': null, count_id: 3 },
    ]);
  });

  it.each([
    [{ fields: ['first_name', 'count(*)'] }, 'fields.0'],
    [{ fields: ['sum(first_name)'] }, 'fields.0'],
    [{ fields: ['median(total)'] }, 'fields.0'],
    [{ fields: ['sum(*)'] }, 'fields.0'],
    [{ fields: ['min(id)'] }, 'fields.0'],
    [{ fields: ['status'], groupBy: ['status'], orderBy: 'first_name' }, 'orderBy'],
    [{ orderBy: 'count(*)' }, 'orderBy'],
    [{ orderBy: ['first_name', 'password desc'] }, 'orderBy.1'],
    [{ groupBy: ['shoe_size'] }, 'groupBy.0'],
    [{ groupBy: ['status'], having: { 'count(*)': 'many' } }, 'having.count(*).value'],
    [{ having: { first_name: 1 } }, 'having.first_name'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    await refused({ entity: 'contacts', ...body }, field);
  });

  it('orders by several fields either way and pages with limit and offset', async () => {
    const all = await api.query({
      entity: 'contacts',
      fields: ['first_name'],
      orderBy: ['status desc', 'first_name asc'],
    });
    expect(all.map((r) => r.first_name)).toEqual(['Cid', 'Eve', 'Ann', 'Bob', 'Dee']);
    const page = await api.query({
      entity: 'contacts',
      fields: ['first_name'],
      orderBy: [{ field: 'first_name', dir: 'desc' }],
      limit: 2,
      offset: 1,
    });
    expect(page.map((r) => r.first_name)).toEqual(['Dee', 'Cid']);
  });

  it('refuses an unknown entity and an unknown body field', async () => {
    await refused({ entity: 'shareholder' }, 'entity');
    await refused({ entity: 'contacts', where: '1=1' }, 'where');
  });
});
