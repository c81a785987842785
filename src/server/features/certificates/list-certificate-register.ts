import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CertificateRegisterResponse,
  certificateRegisterQuery,
} from '../../../contract/certificates';
import type { Db } from '../../db/database';
import { pageOrLast } from '../../db/page-or-last';
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
  const found = await pageOf(query.page);
  // The window count rides on the rows, so only an empty page needs a count of its own.
  const shown = await pageOrLast(
    {
      ...query,
      rows: found.rows,
      total: found.rows.length > 0 ? found.total : () => countRegister(db, selection),
    },
    async (page) => (await pageOf(page)).rows,
  );
  return { ...shown, pageSize: query.pageSize };
}
