import { describe, expect, it } from 'vitest';
import { planOperation, type OperationInput, type OperationPlan } from './plan-operation';
import { newIssue, state, transfer } from './plan-operation.fixtures';

describe('planOperation plans', () => {
  it.each<[string, OperationInput, Omit<OperationPlan, 'effect'>]>([
    [
      'New Issue defaults to common and trims notes',
      { ...newIssue, notes: '  Seed round ', originCertificateIds: ['b-c1'], toHolderId: 'bob' },
      {
        operation: 'New Issue',
        date: '2024-06-01',
        notes: 'Seed round',
        reason: null,
        newCertificates: [
          {
            ref: 'new-0',
            holderId: 'alice',
            classType: 'common',
            originCertificateId: null,
            effectiveDate: '2024-06-01',
            cost: 125n,
          },
        ],
        entries: [
          {
            certificate: { newRef: 'new-0' },
            holderId: 'alice',
            type: 'Issued',
            shares: 1000n,
            originCertificateId: null,
            cost: 125n,
            preferred: false,
          },
        ],
      },
    ],
    [
      'New Issue of preferred with no cost given is at 0',
      { ...newIssue, holderId: 'bob', classType: 'preferred', shares: '0.01', cost: undefined },
      {
        operation: 'New Issue',
        date: '2024-06-01',
        notes: null,
        reason: null,
        newCertificates: [
          {
            ref: 'new-0',
            holderId: 'bob',
            classType: 'preferred',
            originCertificateId: null,
            effectiveDate: '2024-06-01',
            cost: 0n,
          },
        ],
        entries: [
          {
            certificate: { newRef: 'new-0' },
            holderId: 'bob',
            type: 'Issued',
            shares: 1n,
            originCertificateId: null,
            cost: 0n,
            preferred: true,
          },
        ],
      },
    ],
    [
      'Transfer of part of one origin',
      transfer,
      {
        operation: 'Transfer',
        date: '2024-06-01',
        notes: null,
        reason: null,
        newCertificates: [
          {
            ref: 'new-0',
            holderId: 'bob',
            classType: 'common',
            originCertificateId: 'a-c1',
            effectiveDate: '2024-06-01',
            cost: 300n,
          },
        ],
        entries: [
          {
            certificate: { existingId: 'a-c1' },
            holderId: 'alice',
            type: 'Transferred',
            shares: -1000n,
            originCertificateId: null,
            cost: 300n,
            preferred: false,
          },
          {
            certificate: { newRef: 'new-0' },
            holderId: 'bob',
            type: 'Issued: transfer',
            shares: 1000n,
            originCertificateId: 'a-c1',
            cost: 300n,
            preferred: false,
          },
        ],
      },
    ],
    [
      'Transfer takes origins in the order given and leaves unneeded ones untouched',
      { ...transfer, shares: '60', originCertificateIds: ['a-c3', 'a-c2', 'a-c1'], reason: 'Sale' },
      {
        operation: 'Transfer',
        date: '2024-06-01',
        notes: null,
        reason: 'Sale',
        newCertificates: [
          {
            ref: 'new-0',
            holderId: 'bob',
            classType: 'common',
            originCertificateId: 'a-c3',
            effectiveDate: '2024-06-01',
            cost: 300n,
          },
          {
            ref: 'new-1',
            holderId: 'bob',
            classType: 'common',
            originCertificateId: 'a-c2',
            effectiveDate: '2024-06-01',
            cost: 300n,
          },
        ],
        entries: [
          {
            certificate: { existingId: 'a-c3' },
            holderId: 'alice',
            type: 'Transferred',
            shares: -3000n,
            originCertificateId: null,
            cost: 300n,
            preferred: false,
          },
          {
            certificate: { newRef: 'new-0' },
            holderId: 'bob',
            type: 'Issued: transfer',
            shares: 3000n,
            originCertificateId: 'a-c3',
            cost: 300n,
            preferred: false,
          },
          {
            certificate: { existingId: 'a-c2' },
            holderId: 'alice',
            type: 'Transferred',
            shares: -3000n,
            originCertificateId: null,
            cost: 300n,
            preferred: false,
          },
          {
            certificate: { newRef: 'new-1' },
            holderId: 'bob',
            type: 'Issued: transfer',
            shares: 3000n,
            originCertificateId: 'a-c2',
            cost: 300n,
            preferred: false,
          },
        ],
      },
    ],
    [
      'Transfer of everything from mixed classes keeps each origin class',
      { ...transfer, shares: '60', cost: undefined, originCertificateIds: ['a-p1', 'a-c3'] },
      {
        operation: 'Transfer',
        date: '2024-06-01',
        notes: null,
        reason: null,
        newCertificates: [
          {
            ref: 'new-0',
            holderId: 'bob',
            classType: 'preferred',
            originCertificateId: 'a-p1',
            effectiveDate: '2024-06-01',
            cost: 0n,
          },
          {
            ref: 'new-1',
            holderId: 'bob',
            classType: 'common',
            originCertificateId: 'a-c3',
            effectiveDate: '2024-06-01',
            cost: 0n,
          },
        ],
        entries: [
          {
            certificate: { existingId: 'a-p1' },
            holderId: 'alice',
            type: 'Transferred',
            shares: -3000n,
            originCertificateId: null,
            cost: 0n,
            preferred: true,
          },
          {
            certificate: { newRef: 'new-0' },
            holderId: 'bob',
            type: 'Issued: transfer',
            shares: 3000n,
            originCertificateId: 'a-p1',
            cost: 0n,
            preferred: true,
          },
          {
            certificate: { existingId: 'a-c3' },
            holderId: 'alice',
            type: 'Transferred',
            shares: -3000n,
            originCertificateId: null,
            cost: 0n,
            preferred: false,
          },
          {
            certificate: { newRef: 'new-1' },
            holderId: 'bob',
            type: 'Issued: transfer',
            shares: 3000n,
            originCertificateId: 'a-c3',
            cost: 0n,
            preferred: false,
          },
        ],
      },
    ],
    [
      'Transfer dated on the origin effective date',
      { ...transfer, date: '2024-03-01', shares: '50', originCertificateIds: ['a-c2'] },
      {
        operation: 'Transfer',
        date: '2024-03-01',
        notes: null,
        reason: null,
        newCertificates: [
          {
            ref: 'new-0',
            holderId: 'bob',
            classType: 'common',
            originCertificateId: 'a-c2',
            effectiveDate: '2024-03-01',
            cost: 300n,
          },
        ],
        entries: [
          {
            certificate: { existingId: 'a-c2' },
            holderId: 'alice',
            type: 'Transferred',
            shares: -5000n,
            originCertificateId: null,
            cost: 300n,
            preferred: false,
          },
          {
            certificate: { newRef: 'new-0' },
            holderId: 'bob',
            type: 'Issued: transfer',
            shares: 5000n,
            originCertificateId: 'a-c2',
            cost: 300n,
            preferred: false,
          },
        ],
      },
    ],
  ])('%s', (_name, input, expected) => {
    const { effect: _effect, ...plan } = planOperation(input, state);
    expect(plan).toEqual(expected);
  });
});
