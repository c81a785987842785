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
} from './plan-operation.fixtures';

describe('planOperation plans: Convert to Preferred and Cancel', () => {
  it.each<[string, OperationInput, Omit<OperationPlan, 'effect'>]>([
    [
      'Convert to Preferred across origins keeps the weighted cost basis and ignores the cost given',
      { ...convert, shares: '40', cost: '99', originCertificateIds: ['a-c3', 'a-c1', 'a-c2'] },
      {
        operation: 'Convert to Preferred',
        date: '2024-06-01',
        notes: null,
        reason: null,
        newCertificates: [
          // (30 × 4.00 + 10 × 1.00) / 40 = 3.25
          {
            ref: 'new-0',
            holderId: 'alice',
            classType: 'preferred',
            originCertificateId: 'a-c3',
            effectiveDate: '2024-06-01',
            cost: 325n,
          },
        ],
        entries: [
          {
            certificate: { existingId: 'a-c3' },
            holderId: 'alice',
            type: 'Converted To Preferred',
            shares: -3000n,
            originCertificateId: null,
            cost: 400n,
            preferred: false,
          },
          {
            certificate: { existingId: 'a-c1' },
            holderId: 'alice',
            type: 'Converted To Preferred',
            shares: -1000n,
            originCertificateId: null,
            cost: 100n,
            preferred: false,
          },
          {
            certificate: { newRef: 'new-0' },
            holderId: 'alice',
            type: 'Issued: preferred',
            shares: 4000n,
            originCertificateId: 'a-c3',
            cost: 325n,
            preferred: true,
          },
        ],
      },
    ],
    [
      'Convert to Preferred of part of one origin',
      convert,
      {
        operation: 'Convert to Preferred',
        date: '2024-06-01',
        notes: null,
        reason: null,
        newCertificates: [
          {
            ref: 'new-0',
            holderId: 'alice',
            classType: 'preferred',
            originCertificateId: 'a-c1',
            effectiveDate: '2024-06-01',
            cost: 100n,
          },
        ],
        entries: [
          {
            certificate: { existingId: 'a-c1' },
            holderId: 'alice',
            type: 'Converted To Preferred',
            shares: -1000n,
            originCertificateId: null,
            cost: 100n,
            preferred: false,
          },
          {
            certificate: { newRef: 'new-0' },
            holderId: 'alice',
            type: 'Issued: preferred',
            shares: 1000n,
            originCertificateId: 'a-c1',
            cost: 100n,
            preferred: true,
          },
        ],
      },
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
      {
        operation: 'Cancel',
        date: '2024-06-01',
        notes: 'Board resolution 7',
        reason: 'Forfeited',
        newCertificates: [],
        entries: [
          {
            certificate: { existingId: 'a-c1' },
            holderId: 'alice',
            type: 'Cancelled',
            shares: -10000n,
            originCertificateId: null,
            cost: 0n,
            preferred: false,
          },
          {
            certificate: { existingId: 'a-p1' },
            holderId: 'alice',
            type: 'Cancelled',
            shares: -50n,
            originCertificateId: null,
            cost: 0n,
            preferred: true,
          },
        ],
      },
    ],
    [
      'Cancel at a repurchase price',
      { ...cancel, cost: '2.50' },
      {
        operation: 'Cancel',
        date: '2024-06-01',
        notes: null,
        reason: 'Repurchased',
        newCertificates: [],
        entries: [
          {
            certificate: { existingId: 'a-c1' },
            holderId: 'alice',
            type: 'Cancelled',
            shares: -1000n,
            originCertificateId: null,
            cost: 250n,
            preferred: false,
          },
        ],
      },
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
