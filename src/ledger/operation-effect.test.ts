import { describe, expect, it } from 'vitest';
import { planOperation, type CertificateState } from './plan-operation';
import { convert, holders, stateOf, transfer } from './test-support/plan-operation-fixtures';

const certificate = (
  id: string,
  holderId: string,
  balance: bigint,
  cost: bigint,
): CertificateState => ({
  id,
  holderId,
  classType: 'common',
  balance,
  effectiveDate: '2024-01-01',
  cost,
});
const state = stateOf(holders, [
  certificate('a-1', 'alice', 1000n, 100n),
  certificate('a-2', 'alice', 500n, 300n),
]);

describe('planOperation: the effect on kept balances', () => {
  it('a transfer across two origins moves the holders by the shares, each at its own price', () => {
    const { effect } = planOperation(
      { ...transfer, shares: '12', cost: '2.00', originCertificateIds: ['a-1', 'a-2'] },
      state,
    );
    expect(effect.certificateChanges).toEqual(
      new Map([
        ['a-1', -1000n],
        ['a-2', -200n],
      ]),
    );
    expect(effect.newBalances).toEqual(
      new Map([
        ['new-0', 1000n],
        ['new-1', 200n],
      ]),
    );
    // Alice gives up 10 at 1.00 and 2 at 3.00; Bob receives 12 at 2.00 (ten-thousandths).
    expect(effect.holderChanges).toEqual(
      new Map([
        ['alice', { common: -1200n, preferred: 0n, heldCost: -1000n * 100n - 200n * 300n }],
        ['bob', { common: 1200n, preferred: 0n, heldCost: 1200n * 200n }],
      ]),
    );
  });

  it('a conversion moves common to preferred for the same holder, keeping the basis', () => {
    const { effect } = planOperation({ ...convert, originCertificateIds: ['a-1'] }, state);
    expect(effect.holderChanges.get('alice')).toEqual({
      common: -1000n,
      preferred: 1000n,
      heldCost: 0n,
    });
  });
});
