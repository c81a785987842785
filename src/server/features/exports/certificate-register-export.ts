import { sql } from 'drizzle-orm';
import { rows } from '../../db/sql';
import { amountText } from '../../ledger-store/amounts';
import { certificateLabel, originLabel } from '../../ledger-store/certificate-label';
import type { ExportContext } from './export-context';
import type { ExportTable } from './export-table';

interface RegisterSql {
  number: number;
  prefix: string;
  class_name: string;
  holder_name: string;
  issue_date: string;
  cost: string;
  origin_number: number | null;
  origin_prefix: string | null;
  original: string;
  transferred: string;
  converted: string;
  cancelled: string;
  balance: string;
  status: string;
}

/**
 * The certificate register on the date: every certificate issued by then, by number, with the
 * shares it was issued with, those moved out of it by kind and its balance counting only the
 * transactions dated by then, and its status on that date (decision 120's rule: outstanding,
 * partly transferred, cancelled, fully transferred). Keyset paged on the certificate number
 * (certificate_org_number_unique); each certificate's transactions are one range of
 * share_transaction_certificate_idx.
 */
export function certificateRegisterExport(c: ExportContext): ExportTable {
  return {
    sheet: 'Certificate register',
    columns: [
      { header: 'Certificate', kind: 'text', width: 12 },
      { header: 'Class', kind: 'text', width: 22 },
      { header: 'Holder', kind: 'text', width: 30 },
      { header: 'Issue date', kind: 'date', width: 12 },
      { header: 'Cost per share', kind: 'money', width: 16 },
      { header: 'Origin certificate', kind: 'text', width: 12 },
      { header: 'Original shares', kind: 'shares', width: 16 },
      { header: 'Transferred', kind: 'shares', width: 16 },
      { header: 'Converted', kind: 'shares', width: 16 },
      { header: 'Cancelled', kind: 'shares', width: 16 },
      { header: 'Balance', kind: 'shares', width: 16 },
      { header: 'Status', kind: 'text', width: 20 },
    ],
    async *batches() {
      let after = 0;
      for (;;) {
        const batch: RegisterSql[] = await rows<RegisterSql>(
          c.db,
          sql`select c.number, cls.prefix, cls.name as class_name, h.name as holder_name,
                     c.effective_date::text as issue_date, c.cost::text as cost,
                     oc.number as origin_number, ocls.prefix as origin_prefix,
                     m.original::text as original, m.transferred::text as transferred,
                     m.converted::text as converted, m.cancelled::text as cancelled,
                     m.balance::text as balance,
                     case when m.moved_out = 0 then 'outstanding'
                          when m.balance > 0 then 'partly-transferred'
                          when m.cancelled > 0 then 'cancelled'
                          else 'fully-transferred' end as status
                from certificate c
                join share_class cls on cls.id = c.class_id
                join shareholder h on h.id = c.holder_id
                left join certificate oc on oc.id = c.origin_certificate_id
                left join share_class ocls on ocls.id = oc.class_id
                cross join lateral (
                  select coalesce(sum(t.shares), 0) as balance,
                         coalesce(sum(t.shares) filter (where t.shares > 0), 0) as original,
                         coalesce(-sum(t.shares) filter (where t.type = 'Transferred'), 0)
                           as transferred,
                         coalesce(-sum(t.shares) filter (where t.type = 'Converted To Preferred'),
                                  0) as converted,
                         coalesce(-sum(t.shares) filter (where t.type = 'Cancelled'), 0)
                           as cancelled,
                         coalesce(-sum(t.shares) filter (where t.shares < 0), 0) as moved_out
                    from share_transaction t
                   where t.certificate_id = c.id and t.date <= ${c.asOf}) m
               where c.organization_id = ${c.organizationId} and c.effective_date <= ${c.asOf}
                 and c.number > ${after}
               order by c.number
               limit ${c.batchSize}`,
        );
        const last = batch.at(-1);
        if (last === undefined) return;
        yield batch.map((r) => ({
          cells: [
            certificateLabel(r.prefix, r.number),
            r.class_name,
            r.holder_name,
            r.issue_date,
            amountText(r.cost),
            originLabel(r),
            amountText(r.original),
            amountText(r.transferred),
            amountText(r.converted),
            amountText(r.cancelled),
            amountText(r.balance),
            r.status,
          ],
        }));
        if (batch.length < c.batchSize) return;
        after = last.number;
      }
    },
  };
}
