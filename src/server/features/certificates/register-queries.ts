import { sql, type SQL } from 'drizzle-orm';
import type {
  CertificateSortKey,
  CertificateStatus,
  RegisterRow,
} from '../../../contract/certificates';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import { amountText } from '../../ledger-store/amounts';
import { certificateLabel } from '../../ledger-store/certificate-label';

interface RegisterSql {
  id: string;
  number: number;
  prefix: string;
  class_type: 'common' | 'preferred';
  holder_id: string;
  holder_name: string;
  issue_date: string;
  balance: string;
  origin_id: string | null;
  origin_number: number | null;
  origin_prefix: string | null;
  original: string;
  transferred: string;
  converted: string;
  cancelled: string;
  status: CertificateStatus;
  total: number;
}

/**
 * Every certificate of the organization matching `where` (a condition on `c`, the certificate,
 * and `cls`, its class) with the shares it was issued with, those moved out of it by kind, and
 * its status (decision 120), as the CTE `graded`. The shares come from the certificate's own
 * transactions (share_transaction_certificate_idx): issued ones add, the others take away.
 */
const graded = (organizationId: string, where: SQL) => sql`
  graded as (
    select f.*,
           case when f.moved_out = 0 then 'outstanding'
                when f.balance > 0 then 'partly-transferred'
                when f.cancelled > 0 then 'cancelled'
                else 'fully-transferred' end as status
      from (
        select c.id, c.number, cls.prefix, cls.class_type, c.holder_id, h.name as holder_name,
               c.effective_date as issue_date, c.balance, c.origin_certificate_id as origin_id,
               oc.number as origin_number, ocls.prefix as origin_prefix,
               m.original, m.transferred, m.converted, m.cancelled, m.moved_out
          from certificate c
          join share_class cls on cls.id = c.class_id
          join shareholder h on h.id = c.holder_id
          left join certificate oc on oc.id = c.origin_certificate_id
          left join share_class ocls on ocls.id = oc.class_id
          cross join lateral (
            select coalesce(sum(t.shares) filter (where t.shares > 0), 0) as original,
                   coalesce(-sum(t.shares) filter (where t.type = 'Transferred'), 0) as transferred,
                   coalesce(-sum(t.shares) filter (where t.type = 'Converted To Preferred'), 0)
                     as converted,
                   coalesce(-sum(t.shares) filter (where t.type = 'Cancelled'), 0) as cancelled,
                   coalesce(-sum(t.shares) filter (where t.shares < 0), 0) as moved_out
              from share_transaction t
             where t.certificate_id = c.id
          ) m
         where c.organization_id = ${organizationId} and ${where}
      ) f
  )`;

/** Qualified, so that they name graded's numerics and dates, not the text the select makes of them. */
const SORT_COLUMNS: Readonly<Record<CertificateSortKey, SQL>> = {
  number: sql`graded.number`,
  holder: sql`graded.holder_name collate "und-x-icu"`,
  issueDate: sql`graded.issue_date`,
  originalShares: sql`graded.original`,
  balance: sql`graded.balance`,
};

export interface RegisterSelection {
  organizationId: string;
  /** A condition on `c` (certificate) and `cls` (its class). */
  where: SQL;
  /** A condition on the graded row (its `status`). */
  having?: SQL | undefined;
  sort?: CertificateSortKey;
  dir?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

/** The register's rows matching the selection, sorted (ties by number) and sliced, with the count. */
export async function selectRegister(
  db: Db,
  s: RegisterSelection,
): Promise<{ rows: RegisterRow[]; total: number }> {
  const dir = s.dir === 'desc' ? sql`desc` : sql`asc`;
  const found = await rows<RegisterSql>(
    db,
    sql`with ${graded(s.organizationId, s.where)}
        select id, number, prefix, class_type, holder_id, holder_name, issue_date::text,
               balance::text, origin_id, origin_number, origin_prefix, original::text,
               transferred::text, converted::text, cancelled::text, status,
               (count(*) over ())::int as total
          from graded
         where ${s.having ?? sql`true`}
         order by ${SORT_COLUMNS[s.sort ?? 'number']} ${dir}, graded.number ${dir}
         ${s.limit === undefined ? sql`` : sql`limit ${s.limit}`}
         ${s.offset === undefined ? sql`` : sql`offset ${s.offset}`}`,
  );
  return { rows: found.map(registerRowOf), total: found[0]?.total ?? 0 };
}

/** How many certificates match (for a page asked for past the last one). */
export async function countRegister(db: Db, s: RegisterSelection): Promise<number> {
  const [row] = await rows<{ total: number }>(
    db,
    sql`with ${graded(s.organizationId, s.where)}
        select count(*)::int as total from graded where ${s.having ?? sql`true`}`,
  );
  return row?.total ?? 0;
}

function registerRowOf(c: RegisterSql): RegisterRow {
  return {
    id: c.id,
    number: c.number,
    certificate: certificateLabel(c.prefix, c.number),
    holderId: c.holder_id,
    holderName: c.holder_name,
    classType: c.class_type,
    issueDate: c.issue_date,
    origin:
      c.origin_id === null || c.origin_number === null || c.origin_prefix === null
        ? null
        : { id: c.origin_id, certificate: certificateLabel(c.origin_prefix, c.origin_number) },
    originalShares: amountText(c.original),
    balance: amountText(c.balance),
    transferredShares: amountText(c.transferred),
    convertedShares: amountText(c.converted),
    cancelledShares: amountText(c.cancelled),
    status: c.status,
  };
}
