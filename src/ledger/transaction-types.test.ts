import { describe, expect, it } from 'vitest';
import {
  isIssuedType,
  isOperationType,
  isTransactionType,
  OPERATION_TYPES,
  TRANSACTION_TYPES,
  typeLabel,
  counterpartyPhrase,
  type TransactionType,
} from './transaction-types';

// Every stored type, in the spec's order, with its label and whether it issues shares.
const storedTypes: [TransactionType, string, boolean][] = [
  ['Issued', 'New Issue', true],
  ['Issued: transfer', 'Transfer In', true],
  ['Issued: preferred', 'Preferred Issue', true],
  ['Transferred', 'Transfer Out', false],
  ['Converted To Preferred', 'Converted to Preferred', false],
  ['Cancelled', 'Cancellation', false],
];

describe('transaction types', () => {
  it.each(storedTypes)('%j is labelled %j, issued: %s', (type, label, issued) => {
    expect(typeLabel(type)).toBe(label);
    expect(isIssuedType(type)).toBe(issued);
    expect(isTransactionType(type)).toBe(true);
  });

  it('lists exactly the six stored types', () => {
    expect(TRANSACTION_TYPES).toEqual(storedTypes.map(([type]) => type));
    expect(TRANSACTION_TYPES).toHaveLength(6);
  });

  it.each(['issued', 'Transfer In', 'New Issue', '', undefined])(
    '%j is not a stored type',
    (value) => {
      expect(isTransactionType(value)).toBe(false);
    },
  );

  it('lists the four entry-form operations', () => {
    expect(OPERATION_TYPES).toEqual(['New Issue', 'Transfer', 'Convert to Preferred', 'Cancel']);
    expect(OPERATION_TYPES.every(isOperationType)).toBe(true);
    expect(isOperationType('Issued')).toBe(false);
    expect(isOperationType('transfer')).toBe(false);
  });
});

describe('counterpartyPhrase', () => {
  it('names who sent or received the shares of a transfer, and nobody else', () => {
    expect(counterpartyPhrase('Issued: transfer', 'Ana')).toBe('from Ana');
    expect(counterpartyPhrase('Transferred', 'Ben')).toBe('to Ben');
    expect(counterpartyPhrase('Issued', 'Ana')).toBeNull();
    expect(counterpartyPhrase('Transferred', null)).toBeNull();
  });
});
