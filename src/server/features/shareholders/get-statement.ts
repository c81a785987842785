import { createHash } from 'node:crypto';
import type { StatementResponse } from '../../../contract/ledger';
import { formatAmount, holderFigures, todayIn } from '../../../ledger';
import type { Db } from '../../db/database';
import { findVisibleHolder } from '../../ledger-store/visible-holder';
import type { Principal } from '../../plugins/access-control';
import { asOfDate } from '../../ledger-store/as-of-date';
import { rows } from '../../db/sql';
import { ownership, totalsSql, type TotalsSql } from './list-directory';
import { statementLines } from './statement-lines';
import { companyOf, historyOf } from './statement-queries';

export interface GetStatementOptions {
  holderId: string;
  /** YYYY-MM-DD, not after today; today when omitted. Only transactions dated by then count. */
  asOf?: string | undefined;
  principal: Principal;
}

/**
 * The holder's statement as of a date: company header, holder contact, totals and the history
 * (date, then transaction order) with its running balance. Every figure is derived from the
 * transactions dated on or before `asOf`, so a past statement reads exactly as it would have then.
 * Throws SHAREHOLDER.NOT_FOUND for a missing holder and, for a shareholder, for anyone else's id.
 */
export async function getStatement(db: Db, opts: GetStatementOptions): Promise<StatementResponse> {
  const holder = await findVisibleHolder(db, opts.principal, opts.holderId);
  const today = todayIn(opts.principal.timeZone);
  const asOf = asOfDate(opts.asOf, opts.principal.timeZone);

  const [company, history, [totals]] = await Promise.all([
    companyOf(db, holder.organization_id),
    historyOf(db, holder.id, asOf),
    rows<TotalsSql>(
      db,
      totalsSql(holder.organization_id, asOf, asOf >= today, opts.principal.timeZone),
    ),
  ]);
  const { lines, certificates } = statementLines(history);
  const figures = holderFigures(certificates);
  const lastOrder = history.at(-1)?.transaction_order ?? '0';
  const documentId = createHash('sha256')
    .update(`${holder.id}|${asOf}|${history.length}|${lastOrder}`)
    .digest('hex')
    .slice(0, 16)
    .toUpperCase();

  return {
    company: {
      legalName: company?.legal_name ?? '',
      address: company?.address ?? '',
      city: company?.city ?? '',
      state: company?.state ?? '',
      zipCode: company?.zip_code ?? '',
      country: company?.country ?? '',
    },
    asOf,
    statementDate: today,
    documentId: `ST-${documentId}`,
    holder: {
      id: holder.id,
      name: holder.name,
      fullName: holder.full_name,
      email: holder.email,
      address: holder.address,
      city: holder.city,
      state: holder.state,
      zipCode: holder.zip_code,
      phoneNumber: holder.phone_number,
      cellphoneNumber: holder.cellphone_number,
    },
    totals: {
      common: formatAmount(figures.common),
      preferred: formatAmount(figures.preferred),
      balance: formatAmount(figures.balance),
      costPerShare: formatAmount(figures.costPerShare),
      ...ownership(figures, totals),
    },
    history: lines,
  };
}
