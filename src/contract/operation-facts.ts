import { z } from 'zod';
import { amountField, isoDate, safeText, signedAmount } from './common';

// An operation's consideration, approval and correction links (issue 25, decision 122): the
// fields POST /api/v1/transactions accepts and the statement's history rows carry.

/** ISO 4217: three capital letters. */
export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code of three capital letters, such as USD');

/** An operation's consideration and approval (issue 25, decision 122); all optional. */
export const considerationFields = {
  /** What was paid in all, an exact amount (at most 2 decimals, not negative). */
  Consideration: amountField().optional(),
  /** Its currency; USD when an amount is given without one. Refused without an amount. */
  ConsiderationCurrency: currencyCode.optional(),
  /** The board meeting's or written consent's date; not after today. */
  ApprovalDate: isoDate.optional(),
  ApprovalReference: safeText().trim().max(200).optional(),
};

/**
 * What a row's operation records besides its transactions (issue 25, decision 122): what was paid
 * for the shares in all, who approved it, and the correction links. Optional: older readers
 * and the certificate's history leave them out.
 */
export const operationFacts = {
  operationId: z.uuid().optional(),
  consideration: signedAmount.nullable().optional(),
  considerationCurrency: z.string().nullable().optional(),
  approvalDate: isoDate.nullable().optional(),
  approvalReference: z.string().nullable().optional(),
  /** This row's operation reverses that one. */
  reversesOperationId: z.uuid().nullable().optional(),
  /** That operation reversed this row's. */
  reversedByOperationId: z.uuid().nullable().optional(),
};
