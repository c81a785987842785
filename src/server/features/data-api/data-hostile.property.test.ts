// Random and hostile values (quotes, comments, ;, SQL words, unicode, NUL, lone surrogates, very
// long text, JSON in place of scalars) in every position of every database API route: each
// answer is 2xx, 400, 404 or 409, never 5xx, and a refused request leaves every table as it was.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataEntities, type DataEntity } from '../../../contract/data-api';
import { rows } from '../../db/sql';
import { recordOf, useDataAdmin, useTenantWithRecords } from '../../test-support/data-api-fixtures';
import { useTestApp } from '../../test-support/use-test-app';
import { API } from '../../test-support/data-client';
import { registry } from '../../data-layer/entity-registry';

const t = useTestApp();
const api = useDataAdmin(t);
const r = useTenantWithRecords(api);

/** A fingerprint of every data table (all organizations). */
async function fingerprint(): Promise<string> {
  const parts = Object.values(registry).map(
    (def) =>
      sql`select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) as h from ${sql.identifier(def.table)} x`,
  );
  const found = await rows<{ h: string }>(t.database.db, sql.join(parts, sql` union all `));
  return found.map((f) => f.h).join('');
}

const words = [
  "'",
  '"',
  "' OR '1'='1",
  "'; DROP TABLE data_contact; --",
  '/* comment */',
  '-- comment',
  ';',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFFx',
  '%',
  '_',
  '\\',
  '$or',
  'count(*)',
  'sum(id)',
  'count(*); select 1',
  'pg_sleep(10)',
  'organization_id',
  'tenant.organization_id',
  'account.tenant_id',
  'id desc; --',
  'first_name desc',
  '🙂 ünïcödé ẞ',
  'e\u0301',
  'NaN',
  '-1',
  '1e309',
  '2024-13-45',
  '0000-01-01',
  'x'.repeat(5000),
];
const text = fc.oneof(
  fc.constantFrom(...words),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  // Values a field may well accept, and ids of no record, so that runs reach the handlers.
  fc.constantFrom('x', 'active', 'first_name', '2024-01-02', 5, '12.50', 'LIKE', 'account'),
  fc.uuid({ version: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, false, -1, 0, 1.5, 1e308, -1e308, 2 ** 53, [], {}, [[[]]]),
  fc.constantFrom(
    { operator: 'IN', value: [] },
    { operator: 'LIKE', value: {} },
    { $or: [] },
    // An empty branch, alone or among others (issue 23: `where (())`, a 500 at the gateway).
    { $or: [{}] },
    { $or: [{ first_name: 'x' }, {}] },
  ),
);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: unknown;
}
const str = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'));
/** A URL cannot carry a surrogate half (sent as U+FFFD here); NUL and everything else it can. */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const seg = (v: unknown) => encodeURIComponent(str(v).replace(LONE, '\uFFFD'));

const fieldsOf = (entity: DataEntity) => registry[entity].fields.map((f) => f.name);
const validOf = (entity: DataEntity): Record<string, unknown> =>
  entity === 'tenants'
    ? { tenant_key: `k${Math.random()}`, name: 'T' }
    : { tenant_id: r.tenant.id, name: 'N', first_name: 'F', order_number: `O${Math.random()}` };
const idOf = (entity: DataEntity) => String(recordOf(r, entity).id);
/** Only the fields the entity has (a create with others is refused before anything else). */
const createBody = (entity: DataEntity, field: string, v: unknown) => {
  const own = new Set(fieldsOf(entity));
  const body = Object.fromEntries(Object.entries(validOf(entity)).filter(([k]) => own.has(k)));
  return { ...body, [field]: v };
};

const q = (body: Record<string, unknown>): Call => ({
  method: 'POST',
  url: `${API}/query`,
  payload: { entity: 'contacts', ...body },
});
const querySlots: Array<(v: unknown) => Call> = [
  (v) => ({ method: 'POST', url: `${API}/query`, payload: { entity: v } }),
  (v) => ({ method: 'POST', url: `${API}/query`, payload: v }),
  (v) => q({ fields: [v] }),
  (v) => q({ fields: v }),
  (v) => q({ filters: { [str(v)]: 'x' } }),
  (v) => q({ filters: v }),
  (v) => q({ filters: { first_name: v } }),
  (v) => q({ filters: { birth_date: v, id: v } }),
  (v) => q({ filters: { first_name: { operator: v, value: 'x' } } }),
  (v) => q({ filters: { first_name: { operator: '=', value: v } } }),
  (v) => q({ filters: { created_at: { operator: '>', value: v } } }),
  (v) => q({ filters: { birth_date: { operator: 'BETWEEN', value: [v, v] } } }),
  (v) => q({ filters: { id: { operator: 'IN', value: [v] } } }),
  (v) => q({ filters: { $or: v } }),
  (v) => q({ filters: { $or: [{ [str(v)]: v }] } }),
  (v) => q({ filters: { $or: [v] } }),
  (v) => q({ filters: { first_name: 'x', $or: [{ last_name: 'y' }, { $or: [v] }] } }),
  (v) => q({ joins: [v] }),
  (v) => q({ joins: [{ relation: v, type: 'inner' }] }),
  (v) => q({ groupBy: [v], fields: [v, 'count(*)'] }),
  (v) => q({ groupBy: ['status'], fields: ['status'], having: { [str(v)]: v } }),
  (v) => q({ orderBy: v }),
  (v) => q({ orderBy: [{ field: 'first_name', dir: v }] }),
  (v) => q({ limit: v }),
  (v) => q({ offset: v }),
];

const entityArb = fc.constantFrom(...dataEntities);
const writeSlots = fc.oneof(
  fc.constant((v: unknown): Call => ({
    method: 'POST',
    url: `${API}/create/${seg(v)}`,
    payload: {},
  })),
  entityArb.chain((e) =>
    fc.constantFrom(...fieldsOf(e), 'shoe_size').map((field) => (v: unknown): Call => ({
      method: 'POST',
      url: `${API}/create/${e}`,
      payload: createBody(e, field, v),
    })),
  ),
  entityArb.map((e) => (v: unknown): Call => ({
    method: 'POST',
    url: `${API}/create/${e}`,
    payload: v,
  })),
  entityArb.chain((e) =>
    fc.constantFrom(...fieldsOf(e)).map((field) => (v: unknown): Call => ({
      method: 'PUT',
      url: `${API}/update/${e}/${idOf(e)}`,
      payload: { [field]: v },
    })),
  ),
  entityArb.map((e) => (v: unknown): Call => ({
    method: 'PUT',
    url: `${API}/update/${e}/${seg(v)}`,
    payload: {},
  })),
  entityArb.map((e) => (v: unknown): Call => ({
    method: 'DELETE',
    url: `${API}/delete/${e}/${seg(v)}`,
  })),
  entityArb.map((e) => (v: unknown): Call => ({
    method: 'POST',
    url: `${API}/bulk/create/${e}`,
    payload: { data: [v, v] },
  })),
  entityArb.map((e) => (v: unknown): Call => ({
    method: 'POST',
    url: `${API}/bulk/update/${e}`,
    payload: { data: [{ id: idOf(e), name: v, first_name: v }] },
  })),
  entityArb.map((e) => (v: unknown): Call => ({
    method: 'POST',
    url: `${API}/bulk/delete/${e}`,
    payload: { data: [v] },
  })),
  entityArb.map((e) => (v: unknown): Call => ({
    method: 'POST',
    url: `${API}/bulk/create/${e}`,
    payload: { data: [validOf(e)], batchSize: v },
  })),
  fc.constant((v: unknown): Call => ({
    method: 'POST',
    url: `${API}/bulk/${seg(v)}/contacts`,
    payload: { data: [] },
  })),
);
const restSlots = fc.oneof(
  fc
    .constantFrom(
      'page',
      'pageSize',
      'sort',
      'dir',
      'search',
      'status',
      'from',
      'to',
      'recent',
      'tenant_id',
    )
    .map((param) => (v: unknown): Call => ({
      method: 'GET',
      url: `${API}/contacts?${param}=${seg(v)}`,
    })),
  fc.constant((v: unknown): Call => ({ method: 'GET', url: `${API}/${seg(v)}` })),
  fc.constantFrom<Method>('GET', 'PUT', 'DELETE').map((method) => (v: unknown): Call => ({
    method,
    url: `${API}/orders/${seg(v)}`,
    payload: method === 'PUT' ? {} : undefined,
  })),
  fc.constant((v: unknown): Call => ({
    method: 'POST',
    url: `${API}/contacts`,
    payload: { tenant_id: r.tenant.id, first_name: v },
  })),
  entityArb.map((e) => (v: unknown): Call => ({
    method: 'POST',
    url: `${API}/${e}/${idOf(e)}/${seg(v)}`,
    payload: {},
  })),
  fc
    .constantFrom(
      ['orders', 'ship'],
      ['products', 'adjust-stock'],
      ['pets', 'medical-notes'],
      ['pets', 'status'],
    )
    .chain(([e, action]) =>
      fc
        .constantFrom('date', 'delta', 'note', 'status', 'other')
        .map((key) => (v: unknown): Call => ({
          method: 'POST',
          url: `${API}/${e}/${idOf(e)}/${action}`,
          payload: { [key]: v },
        })),
    ),
  fc.constant((v: unknown): Call => ({
    method: 'POST',
    url: `${API}/orders/${idOf('orders')}/cancel`,
    payload: v,
  })),
);
const slot = fc.oneof(fc.constantFrom(...querySlots), writeSlots, restSlots);

describe('hostile input on the database API', () => {
  it('is answered 2xx, 400, 404 or 409, and a refusal changes no table', async () => {
    let before = await fingerprint();
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(slot, value, async (build, v) => {
        const call = build(v);
        const res = await api.send(call.method, call.url, call.payload);
        const where = `${call.method} ${call.url.slice(0, 200)} ${str(call.payload).slice(0, 300)}`;
        const allowed = [200, 201, 400, 404, 409];
        expect(allowed, `${where} → ${res.body}`).toContain(res.statusCode);
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
        const after = await fingerprint();
        if (res.statusCode >= 400) expect(after, where).toBe(before);
        before = after;
      }),
      { numRuns: 600 },
    );
    // The runs reached the handlers, not only the validation in front of them.
    for (const status of [200, 201, 400, 404])
      expect(seen.get(status), String(status)).toBeGreaterThan(0);
  }, 240_000);

  it('keeps quotes and SQL words as text: stored and found as written', async () => {
    for (const word of words.filter((w) => !w.includes('\u0000') && !/[\uD800-\uDFFF]/.test(w))) {
      const row = await api.create('contacts', {
        tenant_id: r.tenant.id,
        first_name: word.slice(0, 500),
      });
      const found = await api.query({
        entity: 'contacts',
        fields: ['id'],
        filters: { first_name: word.slice(0, 500) },
      });
      expect(found.map((f) => f.id)).toContain(row.id);
    }
  });
});
