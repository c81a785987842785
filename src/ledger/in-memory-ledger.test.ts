import { describe, expect, it } from 'vitest';
import { createInMemoryLedger } from './test-support/in-memory-ledger';
import { LedgerError } from './ledger-error';

function setUp() {
  const ledger = createInMemoryLedger();
  ledger.addHolder('alice');
  ledger.addHolder('bob');
  ledger.addHolder('carol', false);
  return ledger;
}

describe('in-memory ledger', () => {
  it('issues, transfers, converts and cancels with sequential numbers and derived figures', () => {
    const ledger = setUp();
    expect(
      ledger.apply({
        type: 'New Issue',
        holderId: 'alice',
        date: '2024-01-10',
        shares: '100',
        cost: '1.00',
      }),
    ).toEqual({
      certificateIds: ['cert-1'],
      transactionIds: ['tx-1'],
    });
    ledger.apply({
      type: 'New Issue',
      holderId: 'alice',
      date: '2024-02-10',
      shares: '50',
      cost: '2.50',
    });
    expect(ledger.holderFigures('alice')).toEqual({
      common: 15000n,
      preferred: 0n,
      balance: 15000n,
      costPerShare: 150n,
    });

    const transfer = ledger.apply({
      type: 'Transfer',
      holderId: 'alice',
      toHolderId: 'bob',
      date: '2024-03-01',
      shares: '120',
      cost: '3.00',
      originCertificateIds: ['cert-1', 'cert-2'],
    });
    expect(transfer).toEqual({
      certificateIds: ['cert-3', 'cert-4'],
      transactionIds: ['tx-3', 'tx-4', 'tx-5', 'tx-6'],
    });
    expect(ledger.certificates('alice').map((c) => [c.id, c.balance])).toEqual([
      ['cert-1', 0n],
      ['cert-2', 3000n],
    ]);
    expect(
      ledger.certificates('bob').map((c) => [c.number, c.originCertificateId, c.balance, c.cost]),
    ).toEqual([
      [3, 'cert-1', 10000n, 300n],
      [4, 'cert-2', 2000n, 300n],
    ]);
    expect(ledger.holderFigures('alice')).toEqual({
      common: 3000n,
      preferred: 0n,
      balance: 3000n,
      costPerShare: 250n,
    });

    ledger.apply({
      type: 'Convert to Preferred',
      holderId: 'bob',
      date: '2024-04-01',
      shares: '110',
      originCertificateIds: ['cert-3', 'cert-4'],
    });
    expect(ledger.certificate('cert-5')).toMatchObject({
      classType: 'preferred',
      balance: 11000n,
      cost: 300n,
      originCertificateId: 'cert-3',
    });
    expect(ledger.holderFigures('bob')).toEqual({
      common: 1000n,
      preferred: 11000n,
      balance: 12000n,
      costPerShare: 300n,
    });

    ledger.apply({
      type: 'Cancel',
      holderId: 'bob',
      date: '2024-05-01',
      shares: '10.5',
      reason: 'Forfeited',
      originCertificateIds: ['cert-5'],
    });
    expect(ledger.classTotals()).toEqual({ common: 4000n, preferred: 9950n });
    expect(ledger.transactions().at(-1)).toMatchObject({
      type: 'Cancelled',
      shares: -1050n,
      reason: 'Forfeited',
      preferred: true,
      order: 10,
    });
  });

  it('refuses with the LedgerError and changes nothing, not even the next certificate number', () => {
    const ledger = setUp();
    ledger.apply({ type: 'New Issue', holderId: 'alice', date: '2024-01-10', shares: '10' });
    const before = { certificates: ledger.certificates(), transactions: ledger.transactions() };
    const attempts = [
      {
        type: 'Transfer',
        holderId: 'alice',
        toHolderId: 'bob',
        date: '2024-02-01',
        shares: '10.01',
        originCertificateIds: ['cert-1'],
      },
      {
        type: 'Transfer',
        holderId: 'alice',
        toHolderId: 'carol',
        date: '2024-02-01',
        shares: '1',
        originCertificateIds: ['cert-1'],
      },
      { type: 'New Issue', holderId: 'carol', date: '2024-02-01', shares: '1' },
      {
        type: 'Cancel',
        holderId: 'alice',
        date: '2024-01-09',
        shares: '1',
        reason: 'x',
        originCertificateIds: ['cert-1'],
      },
    ] as const;
    const codes = attempts.map((input) => {
      try {
        ledger.apply(input);
        return 'applied';
      } catch (error) {
        return error instanceof LedgerError ? error.code : 'other error';
      }
    });
    expect(codes).toEqual([
      'LEDGER.INSUFFICIENT_SHARES',
      'LEDGER.RECIPIENT_INACTIVE',
      'LEDGER.HOLDER_INACTIVE',
      'LEDGER.DATE_BEFORE_ORIGIN',
    ]);
    expect({ certificates: ledger.certificates(), transactions: ledger.transactions() }).toEqual(
      before,
    );
    expect(
      ledger.apply({ type: 'New Issue', holderId: 'bob', date: '2024-02-01', shares: '1' })
        .certificateIds,
    ).toEqual(['cert-2']);
  });

  it('reactivates a holder and rejects unknown or duplicate holders', () => {
    const ledger = setUp();
    ledger.setHolderActive('carol', true);
    expect(
      ledger.apply({ type: 'New Issue', holderId: 'carol', date: '2024-01-01', shares: '1' })
        .certificateIds,
    ).toEqual(['cert-1']);
    expect(() => ledger.addHolder('alice')).toThrow(/already exists/);
    expect(() => ledger.setHolderActive('nobody', true)).toThrow(/does not exist/);
    expect(ledger.holderFigures('nobody')).toEqual({
      common: 0n,
      preferred: 0n,
      balance: 0n,
      costPerShare: 0n,
    });
  });
});

describe('docs/decisions/004-cost-per-share.md worked example', () => {
  it('gives Alice $1.50, then $2.07 after the transfer and still $2.07 after the conversion', () => {
    const ledger = setUp();
    ledger.apply({
      type: 'New Issue',
      holderId: 'alice',
      date: '2024-01-01',
      shares: '100',
      cost: '1.00',
    });
    ledger.apply({
      type: 'New Issue',
      holderId: 'alice',
      date: '2024-01-02',
      shares: '50',
      cost: '2.50',
    });
    expect(ledger.holderFigures('alice').costPerShare).toBe(150n);

    ledger.apply({
      type: 'Transfer',
      holderId: 'alice',
      toHolderId: 'bob',
      date: '2024-02-01',
      shares: '80',
      cost: '3.00',
      originCertificateIds: ['cert-1'],
    });
    expect(ledger.holderFigures('alice').costPerShare).toBe(207n);
    expect(ledger.holderFigures('bob').costPerShare).toBe(300n);

    const { certificateIds } = ledger.apply({
      type: 'Convert to Preferred',
      holderId: 'alice',
      date: '2024-03-01',
      shares: '30',
      originCertificateIds: ['cert-1', 'cert-2'],
    });
    expect(ledger.certificate(certificateIds[0] ?? '')?.cost).toBe(150n);
    expect(ledger.holderFigures('alice')).toEqual({
      common: 4000n,
      preferred: 3000n,
      balance: 7000n,
      costPerShare: 207n,
    });
  });
});
