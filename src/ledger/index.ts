export { CLASS_TYPES, isClassType, type ClassType } from './class-types';
export {
  AMOUNT_SCALE,
  MAX_AMOUNT,
  MAX_INTEGER_DIGITS,
  divRoundHalfUp,
  formatAmount,
  parseAmount,
  parseSignedAmount,
} from './decimal';
export { percentOf } from './percent';
export { holderFigures, type HeldCertificate, type HolderFigures } from './holder-figures';
export { isIsoDate } from './iso-date';
export { counterpartiesOf } from './counterparty';
export { effectOf, type HolderChange, type OperationEffect } from './operation-effect';
export {
  LEDGER_ERROR_CODES,
  LEDGER_ERROR_MESSAGES,
  LEDGER_FIELDS,
  LedgerError,
  isLedgerError,
  type LedgerErrorCode,
  type LedgerErrorDetails,
  type LedgerErrorOptions,
  type LedgerField,
} from './ledger-error';
export {
  planOperation,
  type CertificateRef,
  type CertificateState,
  type ClassState,
  type HolderState,
  type LedgerState,
  type OperationInput,
  type OperationPlan,
  type PlannedCertificate,
  type PlannedEntry,
} from './plan-operation';
export { compareLedgerOrder, withRunningBalance, type LedgerOrderKey } from './running-balance';
export {
  OPERATION_TYPES,
  TRANSACTION_TYPES,
  isIssuedType,
  isOperationType,
  isTransactionType,
  typeLabel,
  counterpartyPhrase,
  notesWithReason,
  type OperationType,
  type TransactionType,
} from './transaction-types';

export { DEFAULT_TIME_ZONE, isTimeZone, todayIn } from './today';
export {
  planReversal,
  reversalInput,
  type OriginalEntry,
  type OriginalOperation,
  type ReversalOptions,
} from './plan-reversal';
