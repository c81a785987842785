import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CertificateRegisterResponse,
  certificateRegisterQuery,
} from '../../../contract/certificates';
import type { Db } from '../../db/database';
import type { CompanyCaller } from '../../http/caller';
import { countRegister, selectRegister, type RegisterSelection } from './register-queries';

type RegisterQuery = z.output<typeof certificateRegisterQuery>;

/**
 * The certificate register: every certificate of the caller's company (the access policy lets
 * only company-wide readers in), filtered by holder, class and status, sorted and paged by the
 * database. A page past the last answers the last page, as the directory does.
 */
export async function listCertificateRegister(
  db: Db,
  opts: { query: RegisterQuery; principal: CompanyCaller },
): Promise<CertificateRegisterResponse> {
  const { query } = opts;
  const selection: RegisterSelection = {
    organizationId: opts.principal.organizationId,
    where: sql`${query.holderId === undefined ? sql`true` : sql`c.holder_id = ${query.holderId}`}
               and ${query.class === undefined ? sql`true` : sql`cls.class_type = ${query.class}`}`,
    having: query.status === undefined ? undefined : sql`status = ${query.status}`,
    sort: query.sort,
    dir: query.dir,
    limit: query.pageSize,
  };
  const pageOf = (page: number) =>
    selectRegister(db, { ...selection, offset: (page - 1) * query.pageSize });
  let page = query.page;
  let found = await pageOf(page);
  if (found.rows.length === 0 && page > 1) {
    const total = await countRegister(db, selection);
    page = Math.max(1, Math.ceil(total / query.pageSize));
    found = total === 0 ? { rows: [], total } : await pageOf(page);
  }
  return { page, pageSize: query.pageSize, total: found.total, rows: found.rows };
}
