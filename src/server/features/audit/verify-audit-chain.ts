import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';

/** The first entry of an organization's chain that does not hold, and why. */
export interface ChainBreak {
  organizationId: string;
  /** The entry's place in the chain (null: an entry the chain never took in). */
  seq: number | null;
  id: string;
  problem: string;
}

export interface ChainReport {
  /** Entries read, over every organization asked for. */
  entries: number;
  /** Per organization, the last entry through which the chain holds (0: none). */
  verifiedThrough: Record<string, number>;
  /** At most one per organization: its first entry that does not hold. */
  breaks: ChainBreak[];
}

interface EntryRow {
  id: string;
  organization_id: string;
  seq: string | null;
  prev_seq: string | null;
  hash: string | null;
  prev_hash: string | null;
  /** The previous entry's stored hash ('' for the first). */
  prev_stored: string;
  /** audit_entry_digest recomputed from the entry's content and the previous stored hash. */
  expected: string;
}

/** Why this entry breaks the chain, or null when it holds. */
function problemOf(r: EntryRow): string | null {
  if (r.seq === null) return 'it was never chained (written around the chain trigger)';
  const seq = Number(r.seq);
  const previous = r.prev_seq === null ? 0 : Number(r.prev_seq);
  if (seq === previous) return 'its place in the chain is taken twice';
  if (seq !== previous + 1) return `entries ${previous + 1} to ${seq - 1} before it are missing`;
  if (r.prev_hash !== r.prev_stored)
    return 'its link to the previous entry does not match (an entry was removed, reordered or rewritten)';
  if (r.hash !== r.expected) return 'its content does not match its hash (it was changed)';
  return null;
}

/**
 * Recomputes each organization's audit chain in order (migration 0023's audit_entry_digest over
 * each entry's content and the previous entry's stored hash) and names the first entry that does
 * not hold: changed, removed, reordered or never chained; a head past the last entry means the
 * last entries were removed. `organizationId` limits it to one organization.
 */
export async function verifyAuditChain(db: Db, organizationId?: string): Promise<ChainReport> {
  const only = organizationId ? sql`where e.organization_id = ${organizationId}` : sql``;
  const entries = await rows<EntryRow>(
    db,
    sql`select e.id::text as id, e.organization_id, e.seq::text as seq, e.hash, e.prev_hash,
               (lag(e.seq) over w)::text as prev_seq,
               coalesce(lag(e.hash) over w, '') as prev_stored,
               audit_entry_digest(e, coalesce(lag(e.hash) over w, '')) as expected
          from audit_entry e ${only}
        window w as (partition by e.organization_id order by e.seq nulls first, e.id)
         order by e.organization_id, e.seq nulls first, e.id`,
  );
  const report: ChainReport = { entries: entries.length, verifiedThrough: {}, breaks: [] };
  const broken = new Set<string>();
  for (const r of entries) {
    if (broken.has(r.organization_id)) continue;
    report.verifiedThrough[r.organization_id] ??= 0;
    const problem = problemOf(r);
    if (problem === null) {
      report.verifiedThrough[r.organization_id] = Number(r.seq);
      continue;
    }
    broken.add(r.organization_id);
    const seq = r.seq === null ? null : Number(r.seq);
    report.breaks.push({ organizationId: r.organization_id, seq, id: r.id, problem });
  }
  await checkHeads(db, report, broken, organizationId);
  return report;
}

/** A head past an organization's last entry: its last entries were removed. */
async function checkHeads(
  db: Db,
  report: ChainReport,
  broken: Set<string>,
  organizationId?: string,
) {
  const only = organizationId ? sql`where organization_id = ${organizationId}` : sql``;
  const heads = await rows<{ organization_id: string; seq: string }>(
    db,
    sql`select organization_id, seq::text as seq from audit_chain_head ${only}`,
  );
  for (const head of heads) {
    const last = report.verifiedThrough[head.organization_id] ?? 0;
    if (broken.has(head.organization_id) || Number(head.seq) === last) continue;
    report.breaks.push({
      organizationId: head.organization_id,
      seq: last + 1,
      id: '-',
      problem: `entries ${last + 1} to ${head.seq} at the end of the chain are missing`,
    });
  }
}
