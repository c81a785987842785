import type { ClassTotals } from '../class-types';
import { holderFigures, type HolderFigures } from '../holder-figures';
import {
  planOperation,
  type CertificateState,
  type HolderState,
  type OperationInput,
  type OperationPlan,
  type PlannedCertificate,
  type PlannedEntry,
} from '../plan-operation';

/** A planned certificate once written. */
export interface LedgerCertificate extends Omit<PlannedCertificate, 'ref'> {
  id: string;
  /** Sequential from 1, never reused. */
  number: number;
  /** Always the sum of the certificate's transactions. */
  balance: bigint;
}

/** A planned entry once written, with its plan's date, notes and reason. */
export interface LedgerTransaction
  extends Omit<PlannedEntry, 'certificate'>, Pick<OperationPlan, 'date' | 'notes' | 'reason'> {
  id: string;
  /** Sequential from 1: the transaction order. */
  order: number;
  certificateId: string;
}

export interface AppliedOperation {
  certificateIds: string[];
  transactionIds: string[];
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
      for (const { ref, ...planned } of plan.newCertificates) {
        const number = stored.length + 1;
        const id = `cert-${number}`;
        idsByRef.set(ref, id);
        stored.push({ id, number, ...planned });
      }
      const { date, notes, reason } = plan;
      const transactionIds = plan.entries.map(({ certificate, ...entry }) => {
        const order = log.length + 1;
        const certificateId =
          'existingId' in certificate ? certificate.existingId : idsByRef.get(certificate.newRef);
        if (certificateId === undefined) throw new Error('plan refers to an unknown certificate');
        log.push({ id: `tx-${order}`, order, certificateId, ...entry, date, notes, reason });
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
