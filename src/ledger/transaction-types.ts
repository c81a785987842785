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

// What people read; the stored values stay the spec's.
const TYPE_LABELS: Readonly<Record<TransactionType, string>> = {
  Issued: 'New Issue',
  'Issued: transfer': 'Transfer In',
  'Issued: preferred': 'Preferred Issue',
  Transferred: 'Transfer Out',
  'Converted To Preferred': 'Converted to Preferred',
  Cancelled: 'Cancellation',
};

/** "from X" for shares received in a transfer, "to Y" for shares sent; else nothing. */
export function counterpartyPhrase(type: string, counterparty: string | null): string | null {
  if (counterparty === null) return null;
  if (type === 'Issued: transfer') return `from ${counterparty}`;
  if (type === 'Transferred') return `to ${counterparty}`;
  return null;
}

export function isTransactionType(value: unknown): value is TransactionType {
  return (TRANSACTION_TYPES as readonly unknown[]).includes(value);
}

/** The label shown in histories and statements. */
export function typeLabel(type: TransactionType): string {
  return TYPE_LABELS[type];
}

/** A history row's notes with its reason, when there is one and it says something else. */
export function notesWithReason(notes: string, reason: string | null): string {
  if (!reason || reason === notes) return notes;
  return notes ? `${notes} (Reason: ${reason})` : `Reason: ${reason}`;
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
