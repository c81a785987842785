/**
 * The registry as Open Cap Format objects (issue 26, decision 126). Pure: the rows of
 * ocf-export-source.ts in, the objects of each OCF file out; no database, no clock.
 *
 * Ids (ocf-ids.ts): issuer = organization id; stakeholder = shareholder id; stock class = share
 * class id; the legend template = "certificate-legend". A certificate's first security is the
 * certificate's id; a share transaction's OCF transaction is the line's id.
 *
 * Our certificate keeps its id and number while a transfer, conversion or cancellation takes
 * part of it; an OCF security is consumed whole. So each line that takes shares (Transferred,
 * Converted To Preferred, Cancelled) consumes the certificate's live security, and when shares
 * are left the rest is a balance security "<certificate id>.after.<line id>", issued by a
 * TX_STOCK_ISSUANCE "<line id>.balance" of the same date, holder, class, certificate number
 * (custom_id) and the certificate's acquisition price. Every security of a certificate has the
 * certificate's label as custom_id ("CS-12").
 *
 * - New Issue: TX_STOCK_ISSUANCE (stakeholder, stock class, quantity, share_price = the line's
 *   cost per share in USD, consideration_text = the operation's consideration "1000.00 USD",
 *   board_approval_date = its approval date, stock_legend_ids = the legend when set,
 *   security_law_exemptions = []).
 * - Transfer: per origin certificate a TX_STOCK_TRANSFER (quantity, resulting_security_ids = the
 *   recipient's new certificate, balance_security_id when partial, consideration_text = the
 *   operation's, its whole total), followed by the TX_STOCK_ISSUANCE of the resulting
 *   certificate (share_price = the transfer's price), then the balance issuance.
 * - Convert to Preferred: per origin a TX_STOCK_CONVERSION (quantity_converted,
 *   resulting_security_ids = the one new preferred certificate, balance_security_id), each
 *   followed by its balance issuance; then the TX_STOCK_ISSUANCE of the preferred certificate
 *   (share_price = the kept cost basis).
 * - Cancel: per origin a TX_STOCK_CANCELLATION (quantity, reason_text = the reason,
 *   balance_security_id when partial), then the balance issuance.
 * - A reversal (a correction: an operation that reverses an earlier one, decision 122) is the
 *   ordinary operation it is posted as (a Cancel of an issue, a Transfer back, a New Issue of
 *   what was cancelled), dated the day it was recorded, so balances on every date equal ours;
 *   its objects carry the comment "Reverses ledger operation <id>". No TX_STOCK_RETRACTION: a
 *   retraction would erase the original as of its own date, which the ledger does not.
 *
 * Every transaction object's comments start with "Ledger operation <operation id> (<type>)";
 * an operation's objects are consecutive, in the ledger's order (date, then posting order), and
 * share its date. Quantities are exact decimal strings with 2 decimals ("100.00"); dates
 * YYYY-MM-DD. Lines dated after `asOf` are left out.
 */
import type { OcfSource } from './ocf-export-source';
import { ocfTransactions } from './ocf-export-transactions';
import {
  ocfIssuer,
  ocfLegendTemplates,
  ocfStakeholders,
  ocfStockClass,
  type OcfObject,
} from './ocf-registry-objects';

export type { OcfObject } from './ocf-registry-objects';

export interface OcfExportObjects {
  issuer: OcfObject;
  stakeholders: OcfObject[];
  stockClasses: OcfObject[];
  stockLegendTemplates: OcfObject[];
  transactions: OcfObject[];
}

/** The registry's rows as the objects of each OCF file, as of `source.asOf`. */
export function ocfExportObjects(source: OcfSource): OcfExportObjects {
  const lines = source.lines.filter((l) => l.date <= source.asOf);
  const stockLegendTemplates = ocfLegendTemplates(source.company);
  return {
    issuer: ocfIssuer(source.company, source.firstLedgerDate),
    stakeholders: ocfStakeholders(source.holders, lines),
    stockClasses: source.classes.map(ocfStockClass),
    stockLegendTemplates,
    transactions: ocfTransactions(source, stockLegendTemplates.length > 0),
  };
}
