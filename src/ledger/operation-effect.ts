import type { ClassTotals } from './class-types';
import type { CertificateState, PlannedCertificate, PlannedEntry } from './ledger-state';

/** How one holder's kept figures move: the change of each class, and of their held cost. */
export interface HolderChange extends ClassTotals {
  /** Shares × acquisition price: ten-thousandths of a USD. */
  heldCost: bigint;
}

/** What an operation's entries do to the kept balances, besides the rows they add. */
export interface OperationEffect {
  /** Existing certificate id → the signed change of its balance (hundredths). */
  certificateChanges: Map<string, bigint>;
  /** New certificate ref → its opening balance (hundredths). */
  newBalances: Map<string, bigint>;
  /** Holder id → the change of their figures. */
  holderChanges: Map<string, HolderChange>;
}

/**
 * The kept figures move by exactly the planned entries, each valued at its certificate's own
 * price (an existing one's from `certificates`, a new one's as planned).
 */
export function effectOf(
  plan: { entries: PlannedEntry[]; newCertificates: PlannedCertificate[] },
  certificates: ReadonlyMap<string, CertificateState>,
): OperationEffect {
  const effect: OperationEffect = {
    certificateChanges: new Map(),
    newBalances: new Map(),
    holderChanges: new Map(),
  };
  const add = (m: Map<string, bigint>, key: string, by: bigint) =>
    m.set(key, (m.get(key) ?? 0n) + by);
  for (const entry of plan.entries) {
    let price: bigint;
    if ('existingId' in entry.certificate) {
      add(effect.certificateChanges, entry.certificate.existingId, entry.shares);
      price = certificates.get(entry.certificate.existingId)?.cost ?? 0n;
    } else {
      const ref = entry.certificate.newRef;
      add(effect.newBalances, ref, entry.shares);
      price = plan.newCertificates.find((c) => c.ref === ref)?.cost ?? 0n;
    }
    const change = effect.holderChanges.get(entry.holderId) ?? {
      common: 0n,
      preferred: 0n,
      heldCost: 0n,
    };
    if (entry.preferred) change.preferred += entry.shares;
    else change.common += entry.shares;
    change.heldCost += entry.shares * price;
    effect.holderChanges.set(entry.holderId, change);
  }
  return effect;
}
