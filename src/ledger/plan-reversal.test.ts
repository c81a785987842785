import { describe, expect, it } from 'vitest';
import { LedgerError } from './ledger-error';
import { planReversal, reversalInput, type OriginalOperation } from './plan-reversal';
import { certificates, holders, stateOf } from './test-support/plan-operation-fixtures';

const opts = { today: '2024-07-01', reason: 'Entered twice' };
const op = (type: OriginalOperation['type'], entries: OriginalOperation['entries']) => ({
  id: 'op-1',
  type,
  reversesOperationId: null,
  reversedByOperationId: null,
  entries,
});
const entry = (
  certificateId: string,
  holderId: string,
  type: OriginalOperation['entries'][number]['type'],
  shares: string,
  extra: Partial<OriginalOperation['entries'][number]> = {},
) => ({
  certificateId,
  holderId,
  type,
  shares,
  cost: '1.00',
  certificateCost: '1.00',
  preferred: false,
  ...extra,
});

function refusal(run: () => unknown): LedgerError {
  try {
    run();
  } catch (err) {
    if (err instanceof LedgerError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

const state = stateOf(holders, certificates);

describe('reversalInput: the inverse of each operation', () => {
  it('undoes a New Issue by cancelling its shares from the certificate it issued', () => {
    const input = reversalInput(op('New Issue', [entry('a-c2', 'alice', 'Issued', '50.00')]), opts);
    expect(input).toMatchObject({
      type: 'Cancel',
      holderId: 'alice',
      shares: '50.00',
      originCertificateIds: ['a-c2'],
      date: '2024-07-01',
      reason: 'Entered twice',
    });
    const plan = planReversal(input, state);
    expect(plan.entries).toEqual([expect.objectContaining({ type: 'Cancelled', shares: -5000n })]);
    expect(plan.effect.certificateChanges.get('a-c2')).toBe(-5000n);
  });

  it('undoes a Transfer by a transfer back from the new certificates to the sender, at its price', () => {
    const original = op('Transfer', [
      entry('a-c1', 'alice', 'Transferred', '-7.00', { cost: '3.00' }),
      entry('b-c1', 'bob', 'Issued: transfer', '7.00', { cost: '3.00' }),
    ]);
    const input = reversalInput(original, opts);
    expect(input).toMatchObject({
      type: 'Transfer',
      holderId: 'bob',
      toHolderId: 'alice',
      shares: '7.00',
      cost: '3.00',
      originCertificateIds: ['b-c1'],
    });
    const plan = planReversal(input, state);
    expect(plan.entries.map((e) => [e.holderId, e.type, e.shares])).toEqual([
      ['bob', 'Transferred', -700n],
      ['alice', 'Issued: transfer', 700n],
    ]);
  });

  it('undoes a Cancel by a New Issue of the same shares and class at the average cost', () => {
    const original = op('Cancel', [
      entry('a-c1', 'alice', 'Cancelled', '-10.00', { certificateCost: '1.00' }),
      entry('a-c3', 'alice', 'Cancelled', '-30.00', { certificateCost: '4.00' }),
    ]);
    const input = reversalInput(original, opts);
    expect(input).toMatchObject({
      type: 'New Issue',
      holderId: 'alice',
      shares: '40.00',
      cost: '3.25',
      classType: 'common',
    });
    expect(planReversal(input, state).newCertificates).toHaveLength(1);
  });

  it('refuses a conversion, a Cancel of both classes, a reversal and an operation already reversed', () => {
    const convert = op('Convert to Preferred', [
      entry('a-c1', 'alice', 'Converted To Preferred', '-1.00'),
    ]);
    expect(refusal(() => reversalInput(convert, opts)).code).toBe('LEDGER.REVERSAL_NOT_SUPPORTED');
    const mixed = op('Cancel', [
      entry('a-c1', 'alice', 'Cancelled', '-1.00'),
      entry('a-p1', 'alice', 'Cancelled', '-1.00', { preferred: true }),
    ]);
    expect(refusal(() => reversalInput(mixed, opts)).code).toBe('LEDGER.REVERSAL_NOT_SUPPORTED');
    const issue = op('New Issue', [entry('a-c2', 'alice', 'Issued', '1.00')]);
    expect(refusal(() => reversalInput({ ...issue, reversesOperationId: 'op-0' }, opts)).code).toBe(
      'LEDGER.REVERSAL_OF_REVERSAL',
    );
    expect(
      refusal(() => reversalInput({ ...issue, reversedByOperationId: 'op-2' }, opts)).code,
    ).toBe('LEDGER.ALREADY_REVERSED');
    expect(refusal(() => reversalInput(issue, { ...opts, reason: '  ' })).code).toBe(
      'LEDGER.REASON_REQUIRED',
    );
  });
});

describe('planReversal: when the balances no longer allow it', () => {
  it('refuses a New Issue whose shares were since transferred away, saying why, with the figures', () => {
    // a-c2 holds 50 shares now; the issue was of 80.
    const input = reversalInput(op('New Issue', [entry('a-c2', 'alice', 'Issued', '80.00')]), opts);
    const refused = refusal(() => planReversal(input, state));
    expect(refused.code).toBe('LEDGER.REVERSAL_BLOCKED');
    expect(refused.message).toContain('hold 50.00 of the 80.00 shares');
    expect(refused.details).toMatchObject({ cause: 'LEDGER.INSUFFICIENT_SHARES' });
  });

  it('refuses when the certificate is empty, or the holder who would give them back is inactive', () => {
    const empty = reversalInput(op('New Issue', [entry('a-e1', 'alice', 'Issued', '0.01')]), opts);
    expect(refusal(() => planReversal(empty, state)).code).toBe('LEDGER.REVERSAL_BLOCKED');
    const carol = reversalInput(op('New Issue', [entry('c-c1', 'carol', 'Issued', '1.00')]), opts);
    expect(refusal(() => planReversal(carol, state)).message).toContain('no longer active');
  });

  it('ignores the whole-shares setting, which concerns new entries, but keeps authorized shares', () => {
    const input = reversalInput(op('New Issue', [entry('a-c2', 'alice', 'Issued', '0.50')]), opts);
    expect(planReversal(input, { ...state, wholeSharesOnly: true }).entries).toHaveLength(1);
    const reissue = reversalInput(
      op('Cancel', [entry('a-c1', 'alice', 'Cancelled', '-10.00')]),
      opts,
    );
    const full = {
      ...state,
      classes: new Map([['common' as const, { authorized: 0n, outstanding: 0n }]]),
    };
    expect(refusal(() => planReversal(reissue, full)).code).toBe('LEDGER.EXCEEDS_AUTHORIZED');
  });
});
