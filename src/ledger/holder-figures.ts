import { divRoundHalfUp } from './decimal';
import type { ClassTotals, ClassType } from './class-types';

export interface HolderFigures extends ClassTotals {
  /** common + preferred. */
  balance: bigint;
  /** Weighted average acquisition price of the shares held, hundredths of a USD. */
  costPerShare: bigint;
}

export interface HeldCertificate {
  classType: ClassType;
  /** Hundredths of a share. */
  balance: bigint;
  /** Acquisition price per share, hundredths of a USD. */
  cost: bigint;
}

/**
 * A holder's derived figures from their certificates (docs/decisions/004-cost-per-share.md):
 * costPerShare = round_half_up( Σ balance×cost / Σ balance ) over certificates with a positive
 * balance, or 0 when nothing is held. Both factors are hundredths, so the quotient is already
 * in hundredths of a USD.
 */
export function holderFigures(certificates: readonly HeldCertificate[]): HolderFigures {
  let common = 0n;
  let preferred = 0n;
  let held = 0n;
  let weightedCost = 0n;
  for (const certificate of certificates) {
    if (certificate.classType === 'preferred') preferred += certificate.balance;
    else common += certificate.balance;
    if (certificate.balance > 0n) {
      held += certificate.balance;
      weightedCost += certificate.balance * certificate.cost;
    }
  }
  const costPerShare = held === 0n ? 0n : divRoundHalfUp(weightedCost, held);
  return { common, preferred, balance: common + preferred, costPerShare };
}
