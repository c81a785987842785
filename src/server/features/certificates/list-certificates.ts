import { sql } from 'drizzle-orm';
import type { CertificateRow } from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { findVisibleHolder } from '../../ledger-store/visible-holder';
import type { Principal } from '../../plugins/access-control';
import { selectCertificates } from './certificate-queries';

/** A holder's certificates by number; with `withBalance`, only those with shares left (the origin choice). */
export async function listCertificates(
  db: Db,
  opts: { holderId: string; withBalance: boolean; principal: Principal },
): Promise<CertificateRow[]> {
  const holder = await findVisibleHolder(db, opts.principal, opts.holderId);
  return selectCertificates(
    db,
    sql`c.holder_id = ${holder.id} ${opts.withBalance ? sql`and c.balance > 0` : sql``}`,
  );
}
