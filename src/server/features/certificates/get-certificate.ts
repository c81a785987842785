import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CertificateRow, certificateDetailResponse } from '../../../contract/ledger';
import { withRunningBalance } from '../../../ledger';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { amountText, toHundredths } from '../../ledger-store/amounts';
import { certificateLabel } from '../../ledger-store/certificate-label';
import { historyLine } from '../../ledger-store/history-line';
import { mayAccessHolder } from '../../ledger-store/visible-holder';
import type { Principal } from '../../plugins/access-control';
import {
  certificateHistoryOf,
  destinationsOf,
  selectCertificates,
  type CertificateHistorySql,
} from './certificate-queries';

type CertificateDetail = z.infer<typeof certificateDetailResponse>;

const notFound = () =>
  new AppError({ code: 'CERTIFICATE.NOT_FOUND', message: 'Certificate not found.' });

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

  const [destinations, history] = await Promise.all([
    destinationsOf(db, certificate.id),
    certificateHistoryOf(db, certificate.id),
  ]);
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
    history: historyLines(certificate, history),
  };
}

/** The certificate's own history with its running balance (the other side is in destinations). */
function historyLines(certificate: CertificateRow, history: CertificateHistorySql[]) {
  return withRunningBalance(history.map((t) => ({ ...t, shares: toHundredths(t.shares) }))).map(
    (t) =>
      historyLine(t, {
        certificateId: certificate.id,
        certificate: certificate.certificate,
        shares: t.shares,
        balance: t.runningBalance,
        // One certificate's own history: the other side shows in Destination Shares.
        counterparty: null,
      }),
  );
}
