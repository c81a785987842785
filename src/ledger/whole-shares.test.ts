import { describe, expect, it } from 'vitest';
import { planOperation } from './plan-operation';
import { newIssue, refusalOf, state, transfer } from './test-support/plan-operation-fixtures';

// The company setting "whole shares only" (issue 25, decision 122).
const whole = { ...state, wholeSharesOnly: true };

describe('whole shares only', () => {
  it('refuses a fractional number of shares in any operation, naming the shares', () => {
    expect(refusalOf({ ...newIssue, shares: '10.5' }, whole)).toMatchObject({
      code: 'LEDGER.FRACTIONAL_SHARES',
      field: 'shares',
    });
    expect(refusalOf({ ...transfer, shares: '0.01' }, whole).code).toBe('LEDGER.FRACTIONAL_SHARES');
  });

  it('lets whole shares through, "10.00" included, and fractions when the setting is off', () => {
    expect(planOperation({ ...newIssue, shares: '10.00' }, whole).entries).toHaveLength(1);
    expect(planOperation({ ...newIssue, shares: '10.5' }, state).entries[0]!.shares).toBe(1050n);
    expect(
      planOperation({ ...newIssue, shares: '10.5' }, { ...state, wholeSharesOnly: false }).entries,
    ).toHaveLength(1);
  });

  it('checks the shares before the holder, so the field named is the shares', () => {
    expect(refusalOf({ ...newIssue, holderId: 'nobody', shares: '1.5' }, whole).code).toBe(
      'LEDGER.FRACTIONAL_SHARES',
    );
  });
});
