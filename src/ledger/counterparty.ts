import type { PlannedEntry } from './plan-operation';

/**
 * Each entry's counterparty, in the entries' order: who the shares of a transfer came from
 * (`Issued: transfer`: the sender) or went to (`Transferred`: the recipient); null for every other
 * entry. A transfer has one sender and one recipient, however many certificates it takes from.
 * Stored with the transaction, so a statement reads it without searching the operation.
 */
export function counterpartiesOf(entries: readonly PlannedEntry[]): (string | null)[] {
  const sender = entries.find((e) => e.type === 'Transferred')?.holderId ?? null;
  const recipient = entries.find((e) => e.type === 'Issued: transfer')?.holderId ?? null;
  return entries.map((e) =>
    e.type === 'Transferred' ? recipient : e.type === 'Issued: transfer' ? sender : null,
  );
}
