import { z } from 'zod';
import { LEDGER_ERROR_MESSAGES } from '../ledger';
import { readAmountInput } from './amount-input';
import { amountField, isoDate, safeText, signedAmount } from './common';
import { directorySortKeys, idempotencyHeader, operationTypes } from './constants/ledger';
import {
  holderAccessLevels,
  holderEmail,
  holderTypes,
  portalStates,
  postalCode,
} from './shareholders';
import { considerationFields, currencyCode, operationFacts } from './operation-facts';

// The constants (paths, sort keys, operation types, headers, cache keys) are zod-free in
// ./constants/ledger.ts; re-exported here for the server's convenience.
export * from './constants/ledger';

// The server sends amounts as strings with 2 decimals ("1250.00") and accepts strings or JSON
// numbers; dates travel as YYYY-MM-DD.

export const idParams = z.object({ id: z.uuid() });

// ---- Directory: GET /api/v1/shareholders (administrator) ----

export const directoryQuery = z.object({
  asOf: isoDate.optional(),
  search: safeText().trim().max(100).optional(),
  sort: z.enum(directorySortKeys).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type DirectoryQuery = z.input<typeof directoryQuery>;

/** A percentage with exactly 4 decimals: "12.5000". */
export const percent = z.string().regex(/^-?\d+\.\d{4}$/);

/**
 * A holder's share of the shares outstanding on the date (the directory's totals: every listed
 * holder), of all classes and of each (issue 25); the directory's rows add up to 100 within
 * rounding.
 */
const ownershipFields = {
  ownershipPercent: percent,
  commonPercent: percent,
  preferredPercent: percent,
};

export const directoryRow = z.object({
  id: z.uuid(),
  name: z.string(),
  fullName: z.string(),
  common: signedAmount,
  preferred: signedAmount,
  balance: signedAmount,
  costPerShare: signedAmount,
  ...ownershipFields,
  portal: z.enum(portalStates),
});
export type DirectoryRow = z.infer<typeof directoryRow>;

export const directoryResponse = z.object({
  asOf: isoDate,
  /** Over every listed holder (not only this page, and not narrowed by the search). */
  totals: z.object({
    /** Holders of record: listed holders with shares on `asOf` (Total Shareholders). */
    shareholders: z.number().int(),
    /** Listed holders with no shares on `asOf`, counted apart from `shareholders`. */
    withoutShares: z.number().int(),
    totalShares: signedAmount,
    common: signedAmount,
    preferred: signedAmount,
  }),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Rows listed (those matching the search, when there is one), for paging. */
  total: z.number().int(),
  rows: z.array(directoryRow),
});
export type DirectoryResponse = z.infer<typeof directoryResponse>;

// ---- Statement: GET /api/v1/shareholders/:id/statement (administrator: any; shareholder: own) ----

export const statementQuery = z.object({ asOf: isoDate.optional() });

export const historyRow = z.object({
  id: z.uuid(),
  certificateId: z.uuid(),
  /** Printed certificate number, e.g. "CS-12". */
  certificate: z.string(),
  type: z.string(),
  typeLabel: z.string(),
  /** Whether the type is an issuance (shown green) or not (orange). */
  issued: z.boolean(),
  preferred: z.boolean(),
  origin: z.string().nullable(),
  cost: signedAmount,
  shares: signedAmount,
  /** The holder's running balance after this row: all their shares, common and preferred. */
  balance: signedAmount,
  date: isoDate,
  notes: z.string(),
  /** Why it was recorded (required for a Cancel). */
  reason: z.string().nullable(),
  /** Transfer In: who sent the shares; Transfer Out: who received them. */
  counterparty: z.string().nullable(),
  transactionOrder: z.string(),
  ...operationFacts,
});
export type HistoryRow = z.infer<typeof historyRow>;

export const company = z.object({
  legalName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});

export const statementResponse = z.object({
  company,
  asOf: isoDate,
  statementDate: isoDate,
  /** Stable for the same holder, as-of date and ledger state. */
  documentId: z.string(),
  holder: z.object({
    id: z.uuid(),
    name: z.string(),
    fullName: z.string(),
    email: z.string().nullable(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    phoneNumber: z.string(),
    cellphoneNumber: z.string(),
  }),
  totals: z.object({
    common: signedAmount,
    preferred: signedAmount,
    balance: signedAmount,
    costPerShare: signedAmount,
    ...ownershipFields,
  }),
  history: z.array(historyRow),
});
export type StatementResponse = z.infer<typeof statementResponse>;

// ---- Profile: GET and PUT /api/v1/shareholders/:id ----

export const profileResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  state: z.string(),
  city: z.string(),
  address: z.string(),
  zipCode: z.string(),
  phoneNumber: z.string(),
  cellphoneNumber: z.string(),
  notes: z.string(),
  country: z.string(),
  holderType: z.enum(holderTypes),
  /** False once an administrator deactivated the holder: out of the directory and the pickers. */
  active: z.boolean(),
  /** The portal: signed up ('active': a password or Google), invited, or neither. */
  portal: z.enum(portalStates),
  /** What the holder's login may do (issue 25's read-only role). */
  access: z.enum(holderAccessLevels),
  /** Whether the caller may change the name and the e-mail (administrators only). */
  canEditName: z.boolean(),
  /** Whether the holder gets an e-mail notice after each operation involving them (issue 25). */
  notices: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/**
 * The spec's Save action, with the country and (administrators only) the e-mail of issue 25.
 * Unknown fields (balances, admin flag) are refused with 400.
 */
export const saveProfileBody = z.strictObject({
  ShareholderId: z.uuid(),
  FullName: safeText().trim().min(1).max(200),
  Email: holderEmail().optional(),
  State: safeText().trim().max(100),
  City: safeText().trim().max(100),
  Address: safeText().trim().max(300),
  ZipCode: postalCode(),
  Country: safeText().trim().max(100).optional(),
  Phone: safeText().trim().max(40),
  CellPhone: safeText().trim().max(40),
  Notes: safeText().max(4000),
  /** The e-mail notice after each operation (the holder's own or, for anyone, an administrator). */
  Notices: z.boolean().optional(),
});
export type SaveProfileBody = z.infer<typeof saveProfileBody>;
/** The profile page's form: the Save body without the id, which the page knows. */
export const saveProfileForm = saveProfileBody.omit({ ShareholderId: true });
export type SaveProfileForm = z.infer<typeof saveProfileForm>;
export const saveProfileResponse = z.object({ Shareholders: z.literal('Success') });

// ---- Certificates ----

export const certificatesQuery = z.object({
  holderId: z.uuid(),
  withBalance: z.enum(['true', 'false']).default('false'),
});

export const certificateRow = z.object({
  id: z.uuid(),
  number: z.number().int(),
  /** Printed number with the class prefix, e.g. "CS-12". */
  certificate: z.string(),
  classType: z.enum(['common', 'preferred']),
  holderId: z.uuid(),
  holderName: z.string(),
  balance: signedAmount,
  cost: signedAmount,
  effectiveDate: isoDate,
  origin: z.string().nullable(),
});
export type CertificateRow = z.infer<typeof certificateRow>;
export const certificatesResponse = z.object({ rows: z.array(certificateRow) });

export const certificateDetailResponse = z.object({
  certificate: certificateRow,
  /** Certificates made from this one (the spec's Destination_Shares). */
  destinationShares: z.array(
    z.object({
      id: z.uuid(),
      shares: signedAmount,
      origin: z.string(),
      certificate: z.string(),
      shareholderName: z.string(),
      date: isoDate,
    }),
  ),
  history: z.array(historyRow),
});

// ---- Transactions: POST /api/v1/transactions (administrator, Idempotency-Key header) ----

export const idempotencyMessages = {
  required: 'An Idempotency-Key header is required for this request.',
  invalid: 'The Idempotency-Key must be 1 to 255 visible ASCII characters.',
} as const;

/** What a posting route requires: the same key again replays the first answer, never posts twice. */
export const idempotencyKey = z
  .string({ error: idempotencyMessages.required })
  .refine((key) => key.trim() !== '', idempotencyMessages.required)
  .regex(/^[\x21-\x7e]{1,255}$/, idempotencyMessages.invalid)
  .describe(
    'A key of your choice, new for each transaction (a UUID will do). A retry with the same key ' +
      'and body gets the first answer again and posts nothing twice.',
  );

/** The headers of a posting route (checklist LED-08); the request's other headers pass. */
export const postingHeaders = z.looseObject({ [idempotencyHeader]: idempotencyKey });

/** The spec's Transfer action. */
export const recordTransactionBody = z.strictObject({
  ShareholderId: z.uuid(),
  DestinationShareholderId: z.uuid().nullish(),
  ShareDate: isoDate,
  Shares: amountField(),
  Cost: amountField().optional(),
  Type: z.enum(operationTypes),
  Origin: z.array(z.uuid()).max(50).default([]),
  Notes: safeText().max(1000).optional(),
  Reason: safeText().max(1000).optional(),
  /** New Issue only; common by default. */
  ClassType: z.enum(['common', 'preferred']).optional(),
  ...considerationFields,
});
export type RecordTransactionBody = z.input<typeof recordTransactionBody>;

const FORM_MESSAGES = {
  holder: 'Choose the shareholder.',
  date: 'Date is required.',
  shares: 'Enter the number of shares, such as 100 or 12.50.',
} as const;

/** A Cancel's reason: its Reason, or else its Notes (the spec's client sends only Notes). */
export const cancelReason = (b: { Reason?: string | undefined; Notes?: string | undefined }) =>
  b.Reason?.trim() || b.Notes?.trim() || null;

export const transactionMessages = {
  reasonRequired: 'A reason is required to cancel shares: write it under Reason or Notes.',
  currencyWithoutAmount: 'Enter the consideration amount, or leave its currency out.',
  approvalInFuture: 'The approval date cannot be later than today.',
} as const;

/** An amount field of the form: "1,000" and (for Cost) "$1.50" read as the API's "1000", "1.50". */
const amountInput = (label: string, money: boolean, required?: string) =>
  z.string().transform((text, ctx) => {
    if (text.trim() === '') {
      if (required) ctx.addIssue({ code: 'custom', message: required });
      return required ? z.NEVER : undefined;
    }
    const read = readAmountInput(text, { label, money });
    if ('amount' in read) return read.amount;
    ctx.addIssue({ code: 'custom', message: read.problem });
    return z.NEVER;
  });

/**
 * Manage Shares: the request body with messages a person reads, and the rules that can be told
 * before sending (the server's ledger checks them again, with the figures it alone knows).
 */
export const recordTransactionForm = recordTransactionBody
  .extend({
    ShareholderId: z.uuid({ error: FORM_MESSAGES.holder }),
    ShareDate: z.string().min(1, FORM_MESSAGES.date).pipe(isoDate),
    Shares: amountInput('Shares', false, FORM_MESSAGES.shares).pipe(z.string()),
    Cost: amountInput('Cost', true).optional(),
    Consideration: amountInput('Consideration', true).optional(),
    ConsiderationCurrency: z
      .string()
      .transform((t) => t.trim().toUpperCase() || undefined)
      .pipe(currencyCode.optional())
      .optional(),
    ApprovalDate: z
      .string()
      .transform((t) => t.trim() || undefined)
      .pipe(isoDate.optional())
      .optional(),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (/^0*(\.0*)?$/.test(b.Shares))
      issue('Shares', LEDGER_ERROR_MESSAGES['LEDGER.SHARES_NOT_POSITIVE']);
    if (b.Type !== 'New Issue' && b.Origin.length === 0)
      issue('Origin', LEDGER_ERROR_MESSAGES['LEDGER.ORIGIN_REQUIRED']);
    if (b.Type === 'Transfer' && !b.DestinationShareholderId)
      issue('DestinationShareholderId', LEDGER_ERROR_MESSAGES['LEDGER.RECIPIENT_REQUIRED']);
    if (b.Type === 'Cancel' && !cancelReason(b))
      issue('Reason', transactionMessages.reasonRequired);
    if (b.ConsiderationCurrency && !b.Consideration)
      issue('ConsiderationCurrency', transactionMessages.currencyWithoutAmount);
  });
export type RecordTransactionForm = z.input<typeof recordTransactionForm>;

/** A transaction just recorded, as its history row reads it. */
const recordedTransaction = historyRow.pick({
  id: true,
  certificate: true,
  type: true,
  shares: true,
  cost: true,
  date: true,
  origin: true,
});

export const recordTransactionResponse = z.object({
  operationId: z.uuid(),
  type: z.enum(operationTypes),
  certificates: z.array(certificateRow),
  transactions: z.array(recordedTransaction),
  /** Set on a reversal (POST /api/v1/operations/:id/reverse): the operation it reverses. */
  reversesOperationId: z.uuid().nullable().optional(),
  /** Set when this operation has been reversed since. */
  reversedByOperationId: z.uuid().nullable().optional(),
});
export type RecordTransactionResponse = z.infer<typeof recordTransactionResponse>;
