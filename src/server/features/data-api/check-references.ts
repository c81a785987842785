import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { AppError } from '../../http/app-error';
import { idIn } from '../../db/sql';
import { dataRows } from './data-sql';
import { registry, type EntityDef } from '../../data-layer/entity-registry';
import { table } from '../../data-layer/sql-output';

// A record's references (tenant_id and every other *_id) must name rows of the caller's
// organization, and, for all but tenant_id, rows of the record's own tenant. Checked in one
// statement per referenced entity for a whole bulk request, so that the refusal can name the
// record's index and field; the composite foreign keys hold the same rule in the database.

export interface RecordRefs {
  /** The record's tenant (its own for an update, the given one for a create). */
  tenantId: string;
  values: Record<string, unknown>;
}

const refused = (field: string, what: string) =>
  new AppError({
    code: 'DATA.INVALID_REFERENCE',
    message: `${field}: no ${what} with this id in the tenant`,
    field,
  });

/**
 * A refusal names the field, after the record's index in a bulk request ("data.3.account_id");
 * `records` start at index `offset` of the request.
 */
export async function checkReferences(
  tx: Tx,
  def: EntityDef,
  { organizationId, bulk }: { organizationId: string; bulk: boolean },
  records: RecordRefs[],
  offset = 0,
): Promise<void> {
  for (const field of def.fields) {
    if (!field.references || field.system) continue;
    const target = registry[field.references];
    const ids = [
      ...new Set(records.map((r) => r.values[field.name]).filter((v) => typeof v === 'string')),
    ];
    if (ids.length === 0) continue;
    const tenantColumn = target.name === 'tenants' ? sql`id` : sql`tenant_id`;
    const found = await dataRows(
      tx,
      sql`select id::text as id, ${tenantColumn}::text as tenant_id from ${table(target)}
          where organization_id = ${organizationId} and ${idIn(sql`id`, ids)}`,
    );
    const tenantOf = new Map(found.map((r) => [r.id as string, r.tenant_id as string]));
    for (const [i, r] of records.entries()) {
      const id = r.values[field.name];
      if (typeof id !== 'string') continue;
      const tenant = tenantOf.get(id);
      const path = bulk ? `data.${offset + i}.${field.name}` : field.name;
      if (tenant === undefined || (target.name !== 'tenants' && tenant !== r.tenantId))
        throw refused(path, target.label.toLowerCase());
    }
  }
}
