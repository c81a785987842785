import type { ClassType } from './class-types';
import { holderFigures, type HolderFigures } from './holder-figures';
import {
  planOperation,
  type CertificateState,
  type HolderState,
  type OperationInput,
} from './plan-operation';
import type { TransactionType } from './transaction-types';

export interface LedgerCertificate {
  id: string;
  /** Sequential from 1, never reused. */
  number: number;
  holderId: string;
  classType: ClassType;
  originCertificateId: string | null;
  effectiveDate: string;
  cost: bigint;
  /** Always the sum of the certificate's transactions. */
  balance: bigint;
}

export interface LedgerTransaction {
  id: string;
  /** Sequential from 1: the transaction order. */
  order: number;
  certificateId: string;
  holderId: string;
  type: TransactionType;
  shares: bigint;
  originCertificateId: string | null;
  cost: bigint;
  preferred: boolean;
  date: string;
  notes: string | null;
  reason: string | null;
}

export interface AppliedOperation {
  certificateIds: string[];
  transactionIds: string[];
}

export interface ClassTotals {
  common: bigint;
  preferred: bigint;
}

export interface InMemoryLedger {
  addHolder(id: string, active?: boolean): void;
  setHolderActive(id: string, active: boolean): void;
  /** Applies the operation whole, or throws its LedgerError and changes nothing. */
  apply(input: OperationInput): AppliedOperation;
  certificate(id: string): LedgerCertificate | undefined;
  /** Ordered by certificate number; every holder's when holderId is omitted. */
  certificates(holderId?: string): LedgerCertificate[];
  /** In transaction order. */
  transactions(): LedgerTransaction[];
  holderFigures(holderId: string): HolderFigures;
  classTotals(): ClassTotals;
}

type StoredCertificate = Omit<LedgerCertificate, 'balance'>;

/**
 * The ledger kept in memory, with balances summed from the transactions on every read:
 * slow and obviously right, the model for model-based tests of the database ledger.
 */
export function createInMemoryLedger(): InMemoryLedger {
  const holders = new Map<string, HolderState>();
  const stored: StoredCertificate[] = [];
  const log: LedgerTransaction[] = [];

  const withBalance = (certificate: StoredCertificate): LedgerCertificate => ({
    ...certificate,
    balance: log
      .filter((tx) => tx.certificateId === certificate.id)
      .reduce((sum, tx) => sum + tx.shares, 0n),
  });

  const certificates = (holderId?: string): LedgerCertificate[] =>
    stored.filter((c) => holderId === undefined || c.holderId === holderId).map(withBalance);

  return {
    addHolder(id, active = true) {
      if (holders.has(id)) throw new Error(`holder ${id} already exists`);
      holders.set(id, { id, active });
    },

    setHolderActive(id, active) {
      if (!holders.has(id)) throw new Error(`holder ${id} does not exist`);
      holders.set(id, { id, active });
    },

    apply(input) {
      const state = new Map<string, CertificateState>(certificates().map((c) => [c.id, c]));
      const plan = planOperation(input, { holders, certificates: state });

      const idsByRef = new Map<string, string>();
      for (const planned of plan.newCertificates) {
        const number = stored.length + 1;
        const id = `cert-${number}`;
        idsByRef.set(planned.ref, id);
        stored.push({
          id,
          number,
          holderId: planned.holderId,
          classType: planned.classType,
          originCertificateId: planned.originCertificateId,
          effectiveDate: planned.effectiveDate,
          cost: planned.cost,
        });
      }
      const transactionIds = plan.entries.map((entry) => {
        const order = log.length + 1;
        const certificateId =
          'existingId' in entry.certificate
            ? entry.certificate.existingId
            : idsByRef.get(entry.certificate.newRef);
        if (certificateId === undefined) throw new Error('plan refers to an unknown certificate');
        log.push({
          id: `tx-${order}`,
          order,
          certificateId,
          holderId: entry.holderId,
          type: entry.type,
          shares: entry.shares,
          originCertificateId: entry.originCertificateId,
          cost: entry.cost,
          preferred: entry.preferred,
          date: plan.date,
          notes: plan.notes,
          reason: plan.reason,
        });
        return `tx-${order}`;
      });
      return { certificateIds: [...idsByRef.values()], transactionIds };
    },

    certificate(id) {
      const found = stored.find((c) => c.id === id);
      return found === undefined ? undefined : withBalance(found);
    },

    certificates,

    transactions() {
      return log.map((tx) => ({ ...tx }));
    },

    holderFigures(holderId) {
      return holderFigures(certificates(holderId));
    },

    classTotals() {
      const totals = { common: 0n, preferred: 0n };
      for (const certificate of certificates())
        totals[certificate.classType] += certificate.balance;
      return totals;
    },
  };
}
