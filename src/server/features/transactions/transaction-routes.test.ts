import { describe, expect, it } from 'vitest';
import type { RecordTransactionResponse } from '../../../contract/ledger';
import { todayIn } from '../../../ledger';
import { expectErrorAnswer } from '../../test-support/expect-error-answer';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

import { operationCount, transactionPoster } from '../../test-support/transaction-poster';

const { t, s } = useLedgerApp();

const post = transactionPoster(t);
const operations = () => operationCount(t);

describe('POST /api/v1/transactions', () => {
  it('records a New Issue for an administrator and answers the created certificate', async () => {
    const res = await post(s.as.admin, {
      ShareholderId: s.carol.id,
      ShareDate: '2024-01-15',
      Shares: '25.50',
      Cost: '4.10',
      Type: 'New Issue',
      Notes: 'seed round',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.type).toBe('New Issue');
    expect(body.certificates).toEqual([
      expect.objectContaining({
        certificate: 'CS-4',
        holderId: s.carol.id,
        holderName: 'Carol',
        balance: '25.50',
        cost: '4.10',
        classType: 'common',
        origin: null,
      }),
    ]);
    expect(body.transactions).toEqual([
      expect.objectContaining({
        type: 'Issued',
        shares: '25.50',
        cost: '4.10',
        date: '2024-01-15',
      }),
    ]);
  });

  it('transfers from several origins in the order given', async () => {
    const res = await post(s.as.admin, {
      ShareholderId: s.alice.id,
      DestinationShareholderId: s.bob.id,
      ShareDate: '2024-02-01',
      Shares: '110',
      Cost: '2',
      Type: 'Transfer',
      Origin: [s.certificates.cs1, s.certificates.cs2],
    });
    expect(res.statusCode).toBe(201);
    expect(
      res.json<RecordTransactionResponse>().transactions.map((x) => [x.type, x.shares]),
    ).toEqual([
      ['Transferred', '-100.00'],
      ['Issued: transfer', '100.00'],
      ['Transferred', '-10.00'],
      ['Issued: transfer', '10.00'],
    ]);
  });

  it('refuses a shareholder (403) and an anonymous caller (401), writing nothing', async () => {
    const before = await operations();
    const body = {
      ShareholderId: s.alice.id,
      ShareDate: '2024-01-01',
      Shares: '1',
      Type: 'New Issue',
    };
    expect((await post(s.as.alice, body)).statusCode).toBe(403);
    expect((await post({}, body)).statusCode).toBe(401);
    expect((await post(s.as.nobody, body)).statusCode).toBe(403);
    expect(await operations()).toBe(before);
  });

  it.each([
    [{ Shares: '1.234' }, 'Shares'],
    [{ Shares: '-5' }, 'Shares'],
    [{ ShareDate: '2024-02-30' }, 'ShareDate'],
    [{ Type: 'Gift' }, 'Type'],
    [{ ShareholderId: 'not-a-uuid' }, 'ShareholderId'],
    [{ Cost: '1e3' }, 'Cost'],
  ])('answers 400 naming the field for %o', async (change, field) => {
    const res = await post(s.as.admin, {
      ShareholderId: s.carol.id,
      ShareDate: '2024-01-01',
      Shares: '1',
      Type: 'New Issue',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'HTTP.VALIDATION', field });
  });

  it('answers 400 naming an unknown field such as a balance, writing nothing', async () => {
    const before = await operations();
    const res = await post(s.as.admin, {
      ShareholderId: s.carol.id,
      ShareDate: '2024-01-01',
      Shares: '1',
      Type: 'New Issue',
      Balance: '1000000',
    });
    expectErrorAnswer(res, 400, {
      code: 'HTTP.VALIDATION',
      message: 'Balance: this field is not accepted',
      field: 'Balance',
    });
    expect(await operations()).toBe(before);
  });

  it("refuses a date after the organization's today and accepts today", async () => {
    // The scenario's organization keeps the default zone, America/New_York.
    const today = todayIn('America/New_York');
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 24 * 60 * 60 * 1000)
      .toISOString()
      .slice(0, 10);
    const body = { ShareholderId: s.carol.id, Shares: '1', Type: 'New Issue' };
    const before = await operations();
    const future = await post(s.as.admin, { ...body, ShareDate: tomorrow });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toEqual({
      code: 'LEDGER.DATE_IN_FUTURE',
      message: 'The date cannot be later than today.',
      field: 'ShareDate',
      details: { today },
    });
    expect(await operations()).toBe(before);
    expect((await post(s.as.admin, { ...body, ShareDate: today })).statusCode).toBe(201);
  });

  describe("a Cancel sent with the spec's fields (Notes, no Reason)", () => {
    const cancel = (fields: Record<string, string>) =>
      post(s.as.admin, {
        ShareholderId: s.bob.id,
        ShareDate: '2024-03-05',
        Shares: '1',
        Type: 'Cancel',
        Origin: [s.certificates.cs3],
        ...fields,
      });

    it('takes the Notes as its reason, and the statement says it once', async () => {
      const res = await cancel({ Notes: 'Repurchased by the company' });
      expect(res.statusCode).toBe(201);
      const statement = await t.app.inject({
        method: 'GET',
        url: `/api/v1/shareholders/${s.bob.id}/statement`,
        headers: s.as.admin,
      });
      const row = statement
        .json<{ history: { id: string; notes: string; reason: string | null }[] }>()
        .history.find((h) => h.id === res.json<RecordTransactionResponse>().transactions[0]!.id);
      expect(row).toMatchObject({
        notes: 'Repurchased by the company',
        reason: 'Repurchased by the company',
      });
    });

    it('is refused only when Reason and Notes are both empty, naming Reason, writing nothing', async () => {
      const before = await operations();
      const empty: Record<string, string>[] = [{}, { Notes: '  ' }, { Reason: '', Notes: '' }];
      for (const fields of empty) {
        const res = await cancel(fields);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          code: 'LEDGER.REASON_REQUIRED',
          message: 'A reason is required to cancel shares: write it under Reason or Notes.',
          field: 'Reason',
        });
      }
      expect(await operations()).toBe(before);
      expect((await cancel({ Reason: 'error', Notes: '' })).statusCode).toBe(201);
    });
  });

  // Each a Transfer of one share of Bob's CS-3, changed as the row says.
  it.each([
    ['LEDGER.RECIPIENT_REQUIRED', 422, 'DestinationShareholderId', () => ({})],
    [
      'LEDGER.INSUFFICIENT_SHARES',
      409,
      'Shares',
      () => ({ DestinationShareholderId: s.carol.id, Shares: '1000' }),
    ],
    [
      'LEDGER.ORIGIN_NOT_OWNED',
      422,
      'Origin',
      () => ({ ShareholderId: s.carol.id, Type: 'Cancel', Reason: 'error' }),
    ],
  ])('answers the ledger refusal %s with %i, naming %s', async (code, status, field, change) => {
    const res = await post(s.as.admin, {
      ShareholderId: s.bob.id,
      ShareDate: '2024-03-01',
      Shares: '1',
      Type: 'Transfer',
      Origin: [s.certificates.cs3],
      ...change(),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, field });
  });
});
