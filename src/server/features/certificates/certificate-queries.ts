import { sql, type SQL } from 'drizzle-orm';
import type { CertificateRow } from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { amountText } from '../../ledger-store/amounts';
import { certificateLabel, originLabel } from '../../ledger-store/certificate-label';
import { rows } from '../../db/sql';
import type { TransactionSqlRow } from '../../ledger-store/history-line';

interface CertificateSql {
  id: string;
  number: number;
  prefix: string;
  class_type: 'common' | 'preferred';
  holder_id: string;
  holder_name: string;
  balance: string;
  cost: string;
  effective_date: string;
  origin_number: number | null;
  origin_prefix: string | null;
}

/** Certificates matching `where` (a condition on `c`), ordered by certificate number. */
export async function selectCertificates(db: Db, where: SQL): Promise<CertificateRow[]> {
  const found = await rows<CertificateSql>(
    db,
    sql`select c.id, c.number, cls.prefix, cls.class_type, c.holder_id, h.name as holder_name,
               c.balance::text as balance, c.cost::text as cost,
               c.effective_date::text as effective_date,
               oc.number as origin_number, ocls.prefix as origin_prefix
          from certificate c
          join share_class cls on cls.id = c.class_id
          join shareholder h on h.id = c.holder_id
          left join certificate oc on oc.id = c.origin_certificate_id
          left join share_class ocls on ocls.id = oc.class_id
         where ${where}
         order by c.number`,
  );
  return found.map((c) => ({
    id: c.id,
    number: c.number,
    certificate: certificateLabel(c.prefix, c.number),
    classType: c.class_type,
    holderId: c.holder_id,
    holderName: c.holder_name,
    balance: amountText(c.balance),
    cost: amountText(c.cost),
    effectiveDate: c.effective_date,
    origin: originLabel(c),
  }));
}

export interface DestinationSql {
  id: string;
  number: number;
  prefix: string;
  holder_name: string;
  effective_date: string;
  shares: string;
}

/** The certificates made from `certificateId`, with the shares each received from it. */
export const destinationsOf = (db: Db, certificateId: string): Promise<DestinationSql[]> =>
  rows<DestinationSql>(
    db,
    sql`select d.id, d.number, cls.prefix, h.name as holder_name,
               d.effective_date::text as effective_date,
               coalesce((select sum(t.shares) from share_transaction t
                          where t.certificate_id = d.id and t.origin_certificate_id = ${certificateId}
                            and t.shares > 0), 0)::text as shares
          from certificate d
          join share_class cls on cls.id = d.class_id
          join shareholder h on h.id = d.holder_id
         where d.origin_certificate_id = ${certificateId}
         order by d.number`,
  );

export type CertificateHistorySql = TransactionSqlRow;

/** One certificate's transactions in the ledger's order (date, then transaction order). */
export const certificateHistoryOf = (
  db: Db,
  certificateId: string,
): Promise<CertificateHistorySql[]> =>
  rows<CertificateHistorySql>(
    db,
    sql`select t.id, t.type, t.preferred, oc.number as origin_number, ocls.prefix as origin_prefix,
               t.cost::text as cost, t.shares::text as shares, t.date::text as date, t.notes,
               t.reason, t.transaction_order::text as transaction_order
          from share_transaction t
          left join certificate oc on oc.id = t.origin_certificate_id
          left join share_class ocls on ocls.id = oc.class_id
         where t.certificate_id = ${certificateId}
         order by t.date, t.transaction_order`,
  );
