import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { CompanyCaller } from '../../http/caller';
import { fileSlug } from '../../http/file-slug';
import { asOfDate } from '../../ledger-store/as-of-date';
import { ocfExportObjects } from '../../ocf/ocf-export-mapping';
import { ocfPackage, type OcfPackage } from '../../ocf/ocf-package';
import { ocfVersion } from '../../ocf/ocf-schemas';
import { loadOcfSource } from './ocf-export-rows';

export interface OcfExport extends OcfPackage {
  asOf: string;
  generatedAt: Date;
  /** "acme-holdings-inc-2026-11-27.ocf.zip" */
  fileName: string;
}

/**
 * GET /api/v1/ocf/export?asOf=: the registry as an Open Cap Format package as of the date (the
 * company's today by default; a later date is refused, 400 naming asOf): the manifest, the
 * stakeholders, stock classes, the legend template and the transactions (decision 126). Only
 * the caller's company's rows are read. The export is written to the audit log (who, which
 * date, what it held) before the package is answered.
 */
export async function exportOcfPackage(
  db: Db,
  caller: CompanyCaller,
  opts: { asOf?: string | undefined; requestId: string; now?: Date },
): Promise<OcfExport> {
  const asOf = asOfDate(opts.asOf, caller.timeZone);
  const generatedAt = opts.now ?? new Date();
  const source = await loadOcfSource(db, caller.organizationId, asOf);
  const pkg = ocfPackage(ocfExportObjects(source), {
    asOf,
    generatedAt: generatedAt.toISOString(),
    version: ocfVersion(),
  });
  const fileName = `${fileSlug(source.company.legalName, 'company')}-${asOf}.ocf.zip`;
  const after = {
    asOf,
    fileName,
    generatedAt: generatedAt.toISOString(),
    counts: pkg.counts,
    ...(caller.apiKey && { apiKey: caller.apiKey.name }),
  };
  await db.execute(
    sql`insert into audit_entry
          (organization_id, actor_user_id, actor_holder_id, action, entity_type, entity_id,
           request_id, after)
        values (${caller.organizationId}, ${caller.userId}, ${caller.holderId}, 'ocf.exported',
                'organization', ${caller.organizationId}, ${opts.requestId},
                ${JSON.stringify(after)}::jsonb)`,
  );
  return { ...pkg, asOf, generatedAt, fileName };
}
