/** Stored exactly as the spec names them. */
export const TRANSACTION_TYPES = [
  'Issued',
  'Issued: transfer',
  'Issued: preferred',
  'Transferred',
  'Converted To Preferred',
  'Cancelled',
] as const;

export type TransactionType = (typeof TRANSACTION_TYPES)[number];

// The spec gives labels for Issued, Issued: transfer and Transferred only; the others show as stored.
const TYPE_LABELS: Readonly<Record<TransactionType, string>> = {
  Issued: 'New Issue',
  'Issued: transfer': 'Transfer In',
  'Issued: preferred': 'Issued: preferred',
  Transferred: 'Transfer Out',
  'Converted To Preferred': 'Converted To Preferred',
  Cancelled: 'Cancellation',
};

export function isTransactionType(value: unknown): value is TransactionType {
  return (TRANSACTION_TYPES as readonly unknown[]).includes(value);
}

/** The label shown in histories and statements. */
export function typeLabel(type: TransactionType): string {
  return TYPE_LABELS[type];
}

/** Issued types add shares (styled green); the others remove them (orange). */
export function isIssuedType(type: TransactionType): boolean {
  return type.startsWith('Issued');
}

/** The entry form's operation kinds. */
export const OPERATION_TYPES = ['New Issue', 'Transfer', 'Convert to Preferred', 'Cancel'] as const;

export type OperationType = (typeof OPERATION_TYPES)[number];

export function isOperationType(value: unknown): value is OperationType {
  return (OPERATION_TYPES as readonly unknown[]).includes(value);
}
