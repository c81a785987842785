import { describe, expect, it } from 'vitest';
import type { ClassState } from './ledger-state';
import { planOperation } from './plan-operation';
import {
  cancel,
  convert,
  newIssue,
  refusalOf,
  state,
  transfer,
} from './test-support/plan-operation-fixtures';

// Authorized shares (issue 25): an operation that adds shares to a class may not take it past
// the class's limit; the state carries the limit only for the class the operation adds to.

const limited = (classType: 'common' | 'preferred', limit: ClassState) => ({
  ...state,
  classes: new Map([[classType, limit]]),
});

describe('authorized shares', () => {
  it('lets a New Issue fill the class to its limit, and refuses one hundredth more, with the figures', () => {
    const at = limited('common', { authorized: 100_00n, outstanding: 90_00n });
    expect(planOperation(newIssue, at).entries).toHaveLength(1);
    const refusal = refusalOf({ ...newIssue, shares: '10.01' }, at);
    expect(refusal).toMatchObject({
      code: 'LEDGER.EXCEEDS_AUTHORIZED',
      field: 'shares',
      details: {
        classType: 'common',
        authorized: '100.00',
        outstanding: '90.00',
        available: '10.00',
      },
    });
  });

  it('counts a conversion against the preferred limit only', () => {
    const full = limited('preferred', { authorized: 5_00n, outstanding: 0n });
    expect(refusalOf(convert, full).code).toBe('LEDGER.EXCEEDS_AUTHORIZED');
    expect(planOperation({ ...convert, shares: '5' }, full).entries).toHaveLength(2);
  });

  it('never refuses without a limit, nor what adds nothing: transfers and cancellations', () => {
    const none = limited('common', { authorized: null, outstanding: 10n ** 14n });
    expect(planOperation(newIssue, none).entries).toHaveLength(1);
    const over = limited('common', { authorized: 1_00n, outstanding: 5_00n });
    expect(planOperation(transfer, over).entries).toHaveLength(2);
    expect(planOperation(cancel, over).entries).toHaveLength(1);
    expect(planOperation(newIssue, state).entries).toHaveLength(1);
  });
});
