import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { certificateDetailResponse } from '../../../contract/ledger';
import {
  formatAmount,
  isIssuedType,
  isTransactionType,
  typeLabel,
  withRunningBalance,
} from '../../../ledger';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { amountText, toHundredths } from '../../ledger-store/amounts';
import { certificateLabel } from '../../ledger-store/certificate-label';
import { rows } from '../../db/sql';
import { mayAccessHolder } from '../../ledger-store/visible-holder';
import type { Principal } from '../../plugins/access-control';
import { selectCertificates } from './certificate-queries';

type CertificateDetail = z.infer<typeof certificateDetailResponse>;

const notFound = () => new AppError('CERTIFICATE.NOT_FOUND', 'Certificate not found.');

/**
 * One certificate with its destination shares (the certificates made from it) and its history.
 * A shareholder sees only their own certificates; anything else is the same 404 as a missing one.
 */
export async function getCertificate(
  db: Db,
  opts: { certificateId: string; principal: Principal },
): Promise<CertificateDetail> {
  const { principal } = opts;
  if (principal.organizationId === null) throw notFound();
  const [certificate] = await selectCertificates(
    db,
    sql`c.id = ${opts.certificateId} and c.organization_id = ${principal.organizationId}`,
  );
  if (!certificate || !mayAccessHolder(principal, certificate.holderId)) throw notFound();

  const destinations = await rows<{
    id: string;
    number: number;
    prefix: string;
    holder_name: string;
    effective_date: string;
    shares: string;
  }>(
    db,
    sql`select d.id, d.number, cls.prefix, h.name as holder_name,
               d.effective_date::text as effective_date,
               coalesce((select sum(t.shares) from share_transaction t
                          where t.certificate_id = d.id and t.origin_certificate_id = ${certificate.id}
                            and t.shares > 0), 0)::text as shares
          from certificate d
          join share_class cls on cls.id = d.class_id
          join shareholder h on h.id = d.holder_id
         where d.origin_certificate_id = ${certificate.id}
         order by d.number`,
  );
  const history = await rows<{
    id: string;
    type: string;
    preferred: boolean;
    origin_number: number | null;
    origin_prefix: string | null;
    cost: string;
    shares: string;
    date: string;
    notes: string;
    reason: string | null;
    transaction_order: string;
  }>(
    db,
    sql`select t.id, t.type, t.preferred, oc.number as origin_number, ocls.prefix as origin_prefix,
               t.cost::text as cost, t.shares::text as shares, t.date::text as date, t.notes,
               t.reason, t.transaction_order::text as transaction_order
          from share_transaction t
          left join certificate oc on oc.id = t.origin_certificate_id
          left join share_class ocls on ocls.id = oc.class_id
         where t.certificate_id = ${certificate.id}
         order by t.date, t.transaction_order`,
  );

  return {
    certificate,
    destinationShares: destinations.map((d) => ({
      id: d.id,
      shares: amountText(d.shares),
      origin: certificate.certificate,
      certificate: certificateLabel(d.prefix, d.number),
      shareholderName: d.holder_name,
      date: d.effective_date,
    })),
    history: withRunningBalance(history.map((t) => ({ ...t, shares: toHundredths(t.shares) }))).map(
      (t) => {
        const known = isTransactionType(t.type);
        return {
          id: t.id,
          certificateId: certificate.id,
          certificate: certificate.certificate,
          type: t.type,
          typeLabel: known ? typeLabel(t.type as never) : t.type,
          issued: known ? isIssuedType(t.type as never) : false,
          preferred: t.preferred,
          origin:
            t.origin_number === null || t.origin_prefix === null
              ? null
              : certificateLabel(t.origin_prefix, t.origin_number),
          cost: amountText(t.cost),
          shares: formatAmount(t.shares),
          balance: formatAmount(t.runningBalance),
          date: t.date,
          notes: t.notes,
          reason: t.reason,
          // One certificate's own history: the other side shows in Destination Shares.
          counterparty: null,
          transactionOrder: t.transaction_order,
        };
      },
    ),
  };
}
