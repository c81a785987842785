import { describe, expect, it } from 'vitest';
import {
  planOperation,
  type CertificateState,
  type OperationInput,
  type OperationPlan,
} from './plan-operation';
import {
  cancel,
  certificates,
  convert,
  holders,
  state,
  stateOf,
  transfer,
} from './test-support/plan-operation-fixtures';
import { debited, expectedPlan, issuedPreferred } from './test-support/expected-plan';

describe('planOperation plans: Convert to Preferred and Cancel', () => {
  it.each<[string, OperationInput, Omit<OperationPlan, 'effect'>]>([
    [
      'Convert to Preferred across origins keeps the weighted cost basis and ignores the cost given',
      { ...convert, shares: '40', cost: '99', originCertificateIds: ['a-c3', 'a-c1', 'a-c2'] },
      expectedPlan('Convert to Preferred', [
        debited('Converted To Preferred', 'a-c3', { shares: 3000n, cost: 400n }),
        debited('Converted To Preferred', 'a-c1', { shares: 1000n, cost: 100n }),
        // (30 × 4.00 + 10 × 1.00) / 40 = 3.25
        issuedPreferred('a-c3', 4000n, 325n),
      ]),
    ],
    [
      'Convert to Preferred of part of one origin',
      convert,
      expectedPlan('Convert to Preferred', [
        debited('Converted To Preferred', 'a-c1', { shares: 1000n, cost: 100n }),
        issuedPreferred('a-c1', 1000n, 100n),
      ]),
    ],
    [
      'Cancel across origins, cost defaulting to 0, reason trimmed',
      {
        ...cancel,
        shares: '100.5',
        reason: ' Forfeited ',
        notes: 'Board resolution 7',
        originCertificateIds: ['a-c1', 'a-p1'],
      },
      expectedPlan(
        'Cancel',
        [
          debited('Cancelled', 'a-c1', { shares: 10000n, cost: 0n }),
          debited('Cancelled', 'a-p1', { shares: 50n, cost: 0n, classType: 'preferred' }),
        ],
        { notes: 'Board resolution 7', reason: 'Forfeited' },
      ),
    ],
    [
      'Cancel at a repurchase price',
      { ...cancel, cost: '2.50' },
      expectedPlan('Cancel', [debited('Cancelled', 'a-c1', { shares: 1000n, cost: 250n })], {
        reason: 'Repurchased',
      }),
    ],
  ])('%s', (_name, input, expected) => {
    const { effect: _effect, ...plan } = planOperation(input, state);
    expect(plan).toEqual(expected);
  });

  it.each<[string, CertificateState[], string, bigint]>([
    [
      'rounds a weighted basis down below the half cent',
      // (30 × 4.00 + 15 × 2.00) / 45 = 3.3333…
      certificates,
      '45',
      333n,
    ],
    [
      'rounds a weighted basis half up',
      // (0.01 × 0.01 + 0.01 × 0.02) / 0.02 = 0.015
      [
        {
          id: 'a-c3',
          holderId: 'alice',
          classType: 'common',
          balance: 1n,
          effectiveDate: '2024-01-01',
          cost: 1n,
        },
        {
          id: 'a-c2',
          holderId: 'alice',
          classType: 'common',
          balance: 1n,
          effectiveDate: '2024-01-01',
          cost: 2n,
        },
      ],
      '0.02',
      2n,
    ],
  ])('Convert to Preferred %s', (_name, certs, shares, expectedCost) => {
    const plan = planOperation(
      { ...convert, shares, originCertificateIds: ['a-c3', 'a-c2'] },
      stateOf(holders, certs),
    );
    expect(plan.newCertificates[0]?.cost).toBe(expectedCost);
  });

  it('moves exactly the requested shares and never changes the state it reads', () => {
    const snapshot = certificates.map((c) => ({ ...c }));
    for (const input of [transfer, convert, cancel]) {
      const plan = planOperation(
        { ...input, shares: '123.45', originCertificateIds: ['a-c1', 'a-c3'] },
        state,
      );
      const debits = plan.entries.filter((e) => e.shares < 0n).reduce((s, e) => s + e.shares, 0n);
      expect(debits).toBe(-12345n);
    }
    expect([...state.certificates.values()]).toEqual(snapshot);
  });
});
