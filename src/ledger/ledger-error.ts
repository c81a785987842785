/** Every code with its default message: the codes are this table's keys, in this order. */
export const LEDGER_ERROR_MESSAGES = {
  'LEDGER.INVALID_AMOUNT': 'Enter a number without sign or exponent, such as 100 or 12.50.',
  'LEDGER.SHARES_NOT_POSITIVE': 'Shares must be greater than 0.',
  'LEDGER.COST_NEGATIVE': 'Cost cannot be negative.',
  'LEDGER.TOO_MANY_DECIMALS': 'Use at most 2 decimal places.',
  'LEDGER.DATE_REQUIRED': 'Date is required.',
  'LEDGER.INVALID_DATE': 'Date must be a real calendar date written YYYY-MM-DD.',
  'LEDGER.DATE_IN_FUTURE': 'The date cannot be later than today.',
  'LEDGER.INVALID_CLASS': 'Share class must be common or preferred.',
  'LEDGER.ORIGIN_REQUIRED': 'Choose at least one origin certificate.',
  'LEDGER.ORIGIN_NOT_FOUND': 'An origin certificate does not exist.',
  'LEDGER.ORIGIN_NOT_OWNED': 'An origin certificate does not belong to the selected shareholder.',
  'LEDGER.ORIGIN_WRONG_CLASS': 'Only common certificates can be converted to preferred.',
  'LEDGER.ORIGIN_DUPLICATE': 'The same origin certificate is chosen more than once.',
  'LEDGER.ORIGIN_EMPTY': 'An origin certificate has no shares left.',
  'LEDGER.INSUFFICIENT_SHARES': 'The chosen origin certificates do not hold enough shares.',
  'LEDGER.RECIPIENT_REQUIRED': 'Choose the shareholder who receives the shares.',
  'LEDGER.RECIPIENT_IS_SENDER': 'The receiving shareholder must differ from the sending one.',
  'LEDGER.RECIPIENT_INACTIVE': 'The receiving shareholder is not active.',
  'LEDGER.HOLDER_NOT_FOUND': 'Shareholder not found.',
  'LEDGER.HOLDER_INACTIVE': 'The shareholder is not active.',
  'LEDGER.DATE_BEFORE_ORIGIN': 'The date is before the effective date of an origin certificate.',
  'LEDGER.REASON_REQUIRED': 'A reason is required to cancel shares.',
  'LEDGER.UNKNOWN_OPERATION': 'Unknown transaction type.',
  'LEDGER.EXCEEDS_AUTHORIZED': 'This would issue more shares of the class than are authorized.',
  'LEDGER.FRACTIONAL_SHARES':
    'The company issues whole shares only: enter a whole number of shares, without a fraction.',
  'LEDGER.ALREADY_REVERSED': 'This operation has already been reversed.',
  'LEDGER.REVERSAL_OF_REVERSAL':
    'This operation is itself a reversal and cannot be reversed: record the original operation again instead.',
  'LEDGER.REVERSAL_BLOCKED':
    'The operation cannot be reversed: its shares have since been transferred or cancelled.',
  'LEDGER.REVERSAL_NOT_SUPPORTED': 'The ledger cannot express the inverse of this operation.',
} as const satisfies Record<`LEDGER.${string}`, string>;

export type LedgerErrorCode = keyof typeof LEDGER_ERROR_MESSAGES;

export const LEDGER_ERROR_CODES = Object.keys(LEDGER_ERROR_MESSAGES) as readonly LedgerErrorCode[];

/** The entry-form field an error concerns, so the client can put the message next to it. */
export const LEDGER_FIELDS = [
  'holderId',
  'toHolderId',
  'date',
  'shares',
  'cost',
  'origins',
  'reason',
  'type',
  'classType',
] as const;

export type LedgerField = (typeof LEDGER_FIELDS)[number];

/** Strings only, so an error survives JSON (bigints do not). */
export type LedgerErrorDetails = Readonly<Record<string, string>>;

export interface LedgerErrorOptions {
  field?: LedgerField | undefined;
  details?: LedgerErrorDetails | undefined;
  message?: string | undefined;
}

/** A refused ledger operation. Clients branch on `code`, never on `message`. */
export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  readonly field: LedgerField | undefined;
  readonly details: LedgerErrorDetails | undefined;

  constructor(code: LedgerErrorCode, options: LedgerErrorOptions = {}) {
    super(options.message ?? LEDGER_ERROR_MESSAGES[code]);
    this.name = 'LedgerError';
    this.code = code;
    this.field = options.field;
    this.details = options.details;
  }
}

export function isLedgerError(value: unknown): value is LedgerError {
  return value instanceof LedgerError;
}
