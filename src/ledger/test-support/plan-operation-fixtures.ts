// Shared by the planOperation tests: three holders (Carol inactive), their certificates (balances
// and costs in hundredths) and one input of each operation.
import { LedgerError } from '../ledger-error';
import {
  planOperation,
  type CertificateState,
  type HolderState,
  type LedgerState,
  type OperationInput,
} from '../plan-operation';

export const holders: HolderState[] = [
  { id: 'alice', active: true },
  { id: 'bob', active: true },
  { id: 'carol', active: false },
];

// Balances and costs in hundredths.
export const certificates: CertificateState[] = [
  {
    id: 'a-c1',
    holderId: 'alice',
    classType: 'common',
    balance: 10000n,
    effectiveDate: '2024-01-01',
    cost: 100n,
  },
  {
    id: 'a-c2',
    holderId: 'alice',
    classType: 'common',
    balance: 5000n,
    effectiveDate: '2024-03-01',
    cost: 200n,
  },
  {
    id: 'a-c3',
    holderId: 'alice',
    classType: 'common',
    balance: 3000n,
    effectiveDate: '2024-01-01',
    cost: 400n,
  },
  {
    id: 'a-p1',
    holderId: 'alice',
    classType: 'preferred',
    balance: 3000n,
    effectiveDate: '2024-01-01',
    cost: 500n,
  },
  {
    id: 'a-e1',
    holderId: 'alice',
    classType: 'common',
    balance: 0n,
    effectiveDate: '2024-01-01',
    cost: 100n,
  },
  {
    id: 'b-c1',
    holderId: 'bob',
    classType: 'common',
    balance: 1000n,
    effectiveDate: '2024-01-01',
    cost: 100n,
  },
  {
    id: 'c-c1',
    holderId: 'carol',
    classType: 'common',
    balance: 1000n,
    effectiveDate: '2024-01-01',
    cost: 100n,
  },
];

export function stateOf(hs: HolderState[], cs: CertificateState[]): LedgerState {
  return {
    holders: new Map(hs.map((h) => [h.id, h])),
    certificates: new Map(cs.map((c) => [c.id, c])),
  };
}

export const state = stateOf(holders, certificates);

export const newIssue: OperationInput = {
  type: 'New Issue',
  holderId: 'alice',
  date: '2024-06-01',
  shares: '10',
  cost: '1.25',
};
export const transfer: OperationInput = {
  type: 'Transfer',
  holderId: 'alice',
  toHolderId: 'bob',
  date: '2024-06-01',
  shares: '10',
  cost: '3.00',
  originCertificateIds: ['a-c1'],
};
export const convert: OperationInput = {
  type: 'Convert to Preferred',
  holderId: 'alice',
  date: '2024-06-01',
  shares: '10',
  originCertificateIds: ['a-c1'],
};
export const cancel: OperationInput = {
  type: 'Cancel',
  holderId: 'alice',
  date: '2024-06-01',
  shares: '10',
  originCertificateIds: ['a-c1'],
  reason: 'Repurchased',
};

export function refusalOf(input: OperationInput, s: LedgerState = state): LedgerError {
  try {
    planOperation(input, s);
  } catch (error) {
    if (error instanceof LedgerError) return error;
    throw error;
  }
  throw new Error('expected a LedgerError, but the operation was planned');
}
