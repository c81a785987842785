import { describe, expect, it } from 'vitest';
import { counterpartiesOf } from './counterparty';
import { planOperation } from './plan-operation';
import { cancel, convert, newIssue, state, transfer } from './test-support/plan-operation-fixtures';

const counterparties = (input: Parameters<typeof planOperation>[0]) => {
  const { entries } = planOperation(input, state);
  return entries.map((e, i) => [e.type, counterpartiesOf(entries)[i]]);
};

describe('counterpartiesOf', () => {
  it('names the recipient on what was transferred and the sender on what was issued', () => {
    expect(counterparties(transfer)).toEqual([
      ['Transferred', 'bob'],
      ['Issued: transfer', 'alice'],
    ]);
  });

  it('names them on every certificate a transfer takes from', () => {
    const wide = { ...transfer, shares: '120', originCertificateIds: ['a-c1', 'a-c3'] };
    expect(counterparties(wide)).toEqual([
      ['Transferred', 'bob'],
      ['Issued: transfer', 'alice'],
      ['Transferred', 'bob'],
      ['Issued: transfer', 'alice'],
    ]);
  });

  it('has none for an issue, a conversion or a cancellation', () => {
    for (const input of [newIssue, convert, cancel])
      expect(counterparties(input).every(([, who]) => who === null)).toBe(true);
  });
});
