// The OCF ids of the export (decision 126), in one place so that the import reads them back: every
// id is derived from a row's own random id, never from a position, so the same registry exports
// the same ids on every date and after any later posting.

/** The issuer: the organization's id. Stakeholders and stock classes: their rows' ids. */
export const ocfIssuerId = (organizationId: string) => organizationId;

/** The one stock legend template: the company's certificate legend (organization setting). */
export const OCF_LEGEND_ID = 'certificate-legend';

/** A certificate's first security: the certificate's id. */
export const ocfCertificateSecurityId = (certificateId: string) => certificateId;

/**
 * The security that holds what a partial debit left on a certificate: OCF's balance security.
 * Our certificate keeps its number and id; in OCF each partial transfer, conversion or
 * cancellation consumes the security and issues the rest as a new one.
 */
export const ocfBalanceSecurityId = (certificateId: string, debitTransactionId: string) =>
  `${certificateId}.after.${debitTransactionId}`;

/** The TX_STOCK_ISSUANCE of a balance security: the debit's transaction id and ".balance". */
export const ocfBalanceIssuanceId = (debitTransactionId: string) => `${debitTransactionId}.balance`;

/** Parses a balance security id back: the certificate and the debit that made it. */
export function parseOcfBalanceSecurityId(
  id: string,
): { certificateId: string; debitTransactionId: string } | null {
  const match = /^([^.]+)\.after\.([^.]+)$/.exec(id);
  return match ? { certificateId: match[1]!, debitTransactionId: match[2]! } : null;
}
