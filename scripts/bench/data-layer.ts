// The data layer's rows of the benchmark: 100,000 contacts over 10 tenants of the bench
// organization; a filtered, sorted query page (LIKE + IN + orderBy, 50 rows) at 20 concurrent
// on the app and on the bare handler (the same SQL: the app's compileQuery), and bulk creates
// of 10,000 contacts in one request each (target under 2 s on PostgreSQL).
import pg from 'pg';
import type { CannonRequest } from './load';

export const DATA_CONTACTS = 100_000;
export const DATA_TENANTS = 10;
export const BULK_ROWS = 10_000;

const SURNAMES = ['Johnson', 'Anderson', 'Smith', 'Garcia', 'Wilson', 'Brown', 'Jackson', 'Lee'];

/** The tenants and contacts, inserted by SQL (the seed is not what is measured). */
export async function seedDataLayer(url: string, organizationId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tenants = await client.query<{ id: string }>(
      `insert into data_tenant (organization_id, tenant_key, name)
       select $1, 'bench-' || n, 'Bench tenant ' || n from generate_series(1, $2) n
       returning id`,
      [organizationId, DATA_TENANTS],
    );
    const ids = tenants.rows.map((r) => r.id);
    await client.query(
      `insert into data_contact (organization_id, tenant_id, first_name, last_name, email, status)
       select $1, ($2::uuid[])[1 + n % $3], 'First ' || n,
              ($4::text[])[1 + (n / $3) % array_length($4::text[], 1)] || ' ' || n,
              'contact' || n || '@example.test',
              case when n % 7 = 0 then 'do_not_contact' else 'active' end
         from generate_series(1, $5) n`,
      [organizationId, ids, DATA_TENANTS, SURNAMES, DATA_CONTACTS],
    );
    await client.query('analyze data_tenant; analyze data_contact');
    return ids;
  } finally {
    await client.end();
  }
}

/** The query page: one tenant's contacts whose last name holds "son", active or not, by name. */
export function dataQueryBody(tenantId: string) {
  return {
    entity: 'contacts',
    fields: ['id', 'first_name', 'last_name', 'email', 'status'],
    filters: {
      tenant_id: tenantId,
      last_name: { operator: 'LIKE', value: 'son' },
      status: { operator: 'IN', value: ['active', 'do_not_contact'] },
    },
    orderBy: 'last_name',
    limit: 50,
  };
}

export const dataQueryRequest = (
  session: Record<string, string>,
  tenantId: string,
): CannonRequest => ({
  method: 'POST',
  path: '/api/v1/mysql/query',
  headers: { ...session, 'content-type': 'application/json' },
  body: JSON.stringify(dataQueryBody(tenantId)),
});

/** Seconds of each bulk create of 10,000 contacts, one request after another. */
export async function timeBulkCreates(
  appUrl: string,
  session: Record<string, string>,
  tenantId: string,
  times: number,
): Promise<number[]> {
  const seconds: number[] = [];
  for (let i = 0; i < times; i++) {
    const data = Array.from({ length: BULK_ROWS }, (_, n) => ({
      tenant_id: tenantId,
      first_name: `Bulk ${i}-${n}`,
      last_name: `Imported ${n}`,
      email: `bulk${i}-${n}@example.test`,
      phone: '555-0100',
      title: 'Buyer',
      birth_date: '1990-01-01',
    }));
    const started = performance.now();
    const res = await fetch(`${appUrl}/api/v1/mysql/bulk/create/contacts`, {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    const body = (await res.json()) as { total?: number };
    seconds.push((performance.now() - started) / 1000);
    if (res.status !== 200 || body.total !== BULK_ROWS)
      throw new Error(`bulk create: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  return seconds;
}
