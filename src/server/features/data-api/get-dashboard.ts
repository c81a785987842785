import { sql, type SQL } from 'drizzle-orm';
import type { DashboardResponse } from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import type { Tx } from '../../db/database';
import { dataRows, readOnly } from './data-sql';
import { registry } from '../../data-layer/entity-registry';
import { table } from '../../data-layer/sql-output';

type Row = Record<string, string | number | boolean | null>;

/** Records per entity and per value of its list status (accounts: account_type). */
async function counts(tx: Tx, organizationId: string) {
  const parts: SQL[] = Object.values(registry).map(
    (def) =>
      sql`select ${def.name}::text as entity, ${sql.identifier(def.statusField)} as state, count(*)::int as n
          from ${table(def)} where organization_id = ${organizationId}
          group by ${sql.identifier(def.statusField)}`,
  );
  const found = await dataRows(tx, sql.join(parts, sql` union all `));
  const result: DashboardResponse['counts'] = Object.fromEntries(
    Object.values(registry).map((def) => [
      def.name,
      {
        total: 0,
        byStatus: Object.fromEntries((def.states[def.statusField] ?? []).map((s) => [s, 0])),
      },
    ]),
  );
  for (const r of found) {
    const entry = result[r.entity as string]!;
    entry.total += r.n as number;
    entry.byStatus[r.state as string] = r.n as number;
  }
  return result;
}

const leadPipeline = (tx: Tx, organizationId: string) =>
  dataRows(
    tx,
    sql`select status, count(*)::int as count, coalesce(sum(value), 0)::numeric(20, 2)::text as value
        from data_lead where organization_id = ${organizationId}
        group by status order by status`,
  );

/** The last 12 months, this one included; revenue leaves cancelled orders out. */
const ordersByMonth = (tx: Tx, organizationId: string) =>
  dataRows(
    tx,
    sql`select to_char(m, 'YYYY-MM') as month, count(o.id)::int as orders,
               coalesce(sum(o.total_amount) filter (where o.status <> 'cancelled'), 0)::numeric(20, 2)::text as revenue
        from generate_series(date_trunc('month', current_date) - interval '11 months',
                             date_trunc('month', current_date), interval '1 month') as m
        left join data_order o on o.organization_id = ${organizationId}
              and o.order_date >= m and o.order_date < m + interval '1 month'
        group by m order by m`,
  );

/** Active tracked products at or below their minimum stock, emptiest first. */
const lowStock = (tx: Tx, organizationId: string) =>
  dataRows(
    tx,
    sql`select id::text as id, tenant_id::text as tenant_id, name, sku, current_stock, min_stock_level
        from data_product
        where organization_id = ${organizationId} and inventory_tracked and status = 'active'
          and current_stock <= min_stock_level
        order by current_stock - min_stock_level, name limit 100`,
  );

/** GET /api/v1/mysql/analytics/dashboard for the caller's organization. */
export async function getDashboard(
  lane: DataLane,
  opts: { organizationId: string },
): Promise<DashboardResponse> {
  const { organizationId } = opts;
  return readOnly(lane, organizationId, async (tx) => {
    const byEntity = await counts(tx, organizationId);
    return {
      counts: byEntity,
      leadPipeline: (await leadPipeline(
        tx,
        organizationId,
      )) as Row[] as DashboardResponse['leadPipeline'],
      ordersByMonth: (await ordersByMonth(
        tx,
        organizationId,
      )) as Row[] as DashboardResponse['ordersByMonth'],
      lowStock: (await lowStock(tx, organizationId)) as Row[] as DashboardResponse['lowStock'],
      visitsByStatus: byEntity.visits!.byStatus,
    };
  });
}
