import { describe, expect, it } from 'vitest';
import { planOperation, type OperationInput, type OperationPlan } from './plan-operation';
import { credited, expectedPlan, transferLeg } from './test-support/expected-plan';
import { newIssue, state, transfer } from './test-support/plan-operation-fixtures';

describe('planOperation plans', () => {
  it.each<[string, OperationInput, Omit<OperationPlan, 'effect'>]>([
    [
      'New Issue defaults to common and trims notes',
      { ...newIssue, notes: '  Seed round ', originCertificateIds: ['b-c1'], toHolderId: 'bob' },
      expectedPlan(
        'New Issue',
        [credited('Issued', 'new-0', 'alice', null, { shares: 1000n, cost: 125n })],
        { notes: 'Seed round' },
      ),
    ],
    [
      'New Issue of preferred with no cost given is at 0',
      { ...newIssue, holderId: 'bob', classType: 'preferred', shares: '0.01', cost: undefined },
      expectedPlan('New Issue', [
        credited('Issued', 'new-0', 'bob', null, { shares: 1n, cost: 0n, classType: 'preferred' }),
      ]),
    ],
    [
      'Transfer of part of one origin',
      transfer,
      expectedPlan('Transfer', transferLeg('new-0', 'a-c1', { shares: 1000n, cost: 300n })),
    ],
    [
      'Transfer takes origins in the order given and leaves unneeded ones untouched',
      { ...transfer, shares: '60', originCertificateIds: ['a-c3', 'a-c2', 'a-c1'], reason: 'Sale' },
      expectedPlan(
        'Transfer',
        [
          ...transferLeg('new-0', 'a-c3', { shares: 3000n, cost: 300n }),
          ...transferLeg('new-1', 'a-c2', { shares: 3000n, cost: 300n }),
        ],
        { reason: 'Sale' },
      ),
    ],
    [
      'Transfer of everything from mixed classes keeps each origin class',
      { ...transfer, shares: '60', cost: undefined, originCertificateIds: ['a-p1', 'a-c3'] },
      expectedPlan('Transfer', [
        ...transferLeg('new-0', 'a-p1', { shares: 3000n, cost: 0n, classType: 'preferred' }),
        ...transferLeg('new-1', 'a-c3', { shares: 3000n, cost: 0n }),
      ]),
    ],
    [
      'Transfer dated on the origin effective date',
      { ...transfer, date: '2024-03-01', shares: '50', originCertificateIds: ['a-c2'] },
      expectedPlan('Transfer', transferLeg('new-0', 'a-c2', { shares: 5000n, cost: 300n }), {
        date: '2024-03-01',
      }),
    ],
  ])('%s', (_name, input, expected) => {
    const { effect: _effect, ...plan } = planOperation(input, state);
    expect(plan).toEqual(expected);
  });
});
