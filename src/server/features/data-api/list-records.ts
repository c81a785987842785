import {
  dataLimits,
  type DataListQuery,
  type DataListResponse,
  type DataQueryBody,
  type RestEntity,
} from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import { invalid } from '../../http/invalid-input';
import { dataRows, readOnly } from './data-sql';
import { registry, type EntityDef } from '../../data-layer/entity-registry';
import { compileQuery } from '../../data-layer/query-compiler';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The created_at window: recent=true is the last 30 days; from/to are whole UTC days, and when
 * only one is given the other defaults as the spec's getByDateRange does (from: 30 days ago,
 * to: now).
 */
export function createdRange(q: DataListQuery, now: Date): [string, string] | undefined {
  const daysAgo = new Date(now.getTime() - dataLimits.recentDays * DAY_MS).toISOString();
  if (q.recent) return [daysAgo, now.toISOString()];
  if (!q.from && !q.to) return undefined;
  if (q.from && q.to && q.from > q.to) throw invalid('from', 'must not be after to');
  return [
    q.from ? `${q.from}T00:00:00.000Z` : daysAgo,
    q.to ? `${q.to}T23:59:59.999Z` : now.toISOString(),
  ];
}

function filtersOf(def: EntityDef, q: DataListQuery, now: Date): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  if (q.tenant_id) filters[def.name === 'tenants' ? 'id' : 'tenant_id'] = q.tenant_id;
  if (q.status !== undefined) {
    const values = def.states[def.statusField] ?? [];
    if (!values.includes(q.status)) throw invalid('status', `must be one of ${values.join(', ')}`);
    filters[def.statusField] = q.status;
  }
  const range = createdRange(q, now);
  if (range) filters.created_at = { operator: 'BETWEEN', value: range };
  if (q.search)
    filters.$or = def.search.map((f) => ({ [f]: { operator: 'LIKE', value: q.search } }));
  return filters;
}

/** GET /api/v1/mysql/{entity}: a page of records with the number that match. */
export async function listRecords(
  lane: DataLane,
  opts: { organizationId: string; entity: RestEntity; query: DataListQuery; now?: Date },
): Promise<DataListResponse> {
  const { query: q, entity } = opts;
  const def = registry[entity];
  if (q.sort !== undefined && !def.field.has(q.sort))
    throw invalid('sort', `not a field of ${entity}`);
  const filters = filtersOf(def, q, opts.now ?? new Date());
  const page: DataQueryBody = {
    entity,
    filters,
    orderBy: [{ field: q.sort ?? 'created_at', dir: q.dir ?? (q.sort ? 'asc' : 'desc') }],
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  };
  const count: DataQueryBody = { entity, filters, fields: ['count(*)'] };
  return readOnly(lane, opts.organizationId, async (tx) => {
    const data = await dataRows(tx, compileQuery(page, opts.organizationId));
    const [total] = await dataRows(tx, compileQuery(count, opts.organizationId));
    return { data, page: q.page, pageSize: q.pageSize, total: Number(total?.count ?? 0) };
  });
}
