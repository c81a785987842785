import { addressLine, addressLines, formatCost, formatDate, formatShares } from './format';
import type { StatementResponse } from './ledger';

/**
 * A statement's heading and totals as text: the same on screen (statement-document.tsx) and in the
 * PDF (statement-pdf.ts).
 */
export function statementHeader(statement: StatementResponse) {
  const { company, holder, totals } = statement;
  return {
    companyLines: addressLines(company),
    statementDate: formatDate(statement.statementDate),
    asOf: formatDate(statement.asOf),
    holderName: holder.fullName || holder.name,
    holderAddress: addressLine(holder),
    balance: formatShares(totals.balance),
    common: formatShares(totals.common),
    preferred: formatShares(totals.preferred),
    costPerShare: formatCost(totals.costPerShare),
    ownership: `${totals.ownershipPercent}%`,
    ownershipByClass: `${totals.commonPercent}% of common, ${totals.preferredPercent}% of preferred`,
  };
}

export type StatementHeader = ReturnType<typeof statementHeader>;
