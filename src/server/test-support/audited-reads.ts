import { sql, type SQL } from 'drizzle-orm';

/**
 * The audit entries a read writes: a download of an export (decision 125) or of the OCF package
 * (decision 126) is recorded, but changes nothing, so tests that prove a GET or a read-only
 * caller changed nothing leave these out.
 */
export const AUDITED_READS = ['export.downloaded', 'ocf.exported'] as const;

/** `action not in (...)`: the audit entries that record a change. */
export const recordsAChange = (action: SQL = sql.raw('action')): SQL =>
  sql`${action} not in (${sql.join(
    AUDITED_READS.map((a) => sql`${a}`),
    sql`, `,
  )})`;
