import { AMOUNT_SCALE } from './decimal';
import { LedgerError } from './ledger-error';

/**
 * A company that issues whole shares only (its setting, issue 25) refuses an operation whose
 * shares have a fraction, naming the shares; hundredths are the ledger's unit.
 */
export function checkWholeShares(shares: bigint): void {
  if (shares % AMOUNT_SCALE === 0n) return;
  throw new LedgerError('LEDGER.FRACTIONAL_SHARES', { field: 'shares' });
}
