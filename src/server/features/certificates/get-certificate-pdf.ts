import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import type { CompanyCaller } from '../../http/caller';
import type { CertificatePdfFacts } from './certificate-pdf';
import { findCertificateRecord } from './get-certificate-record';

/**
 * What the printed certificate states: its register row (a caller who may not see it gets the
 * detail's 404), the company's legal name and legend, and the class's name.
 */
export async function getCertificatePdfFacts(
  db: Db,
  opts: { certificateId: string; principal: CompanyCaller },
): Promise<CertificatePdfFacts> {
  const record = await findCertificateRecord(db, opts);
  const [company] = await rows<{ legal_name: string; legend: string; class_name: string }>(
    db,
    sql`select o.legal_name, o.certificate_legend as legend, cls.name as class_name
          from organization o
          join certificate c on c.organization_id = o.id
          join share_class cls on cls.id = c.class_id
         where o.id = ${opts.principal.organizationId} and c.id = ${record.id}`,
  );
  return {
    companyName: company?.legal_name ?? '',
    className: company?.class_name ?? '',
    legend: company?.legend ?? '',
    record,
  };
}
