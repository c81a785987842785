// Manage Shares' review step and an operation's consideration and approval (issue 25,
// decision 122): POST /api/v1/transactions/preview, and the new fields of POST /transactions.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { previewResponse } from '../../../contract/corrections';
import { statementResponse } from '../../../contract/ledger';
import { expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { injectJson } from '../../test-support/inject-json';
import { rows } from '../../db/sql';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();
const select = <T>(text: string) => rows<T>(t.database.db, sql.raw(text));
const preview = (body: Record<string, unknown>, headers = s.as.admin) =>
  injectJson(t, 'POST', '/api/v1/transactions/preview', headers, body);
const post = (body: Record<string, unknown>) =>
  injectJson(
    t,
    'POST',
    '/api/v1/transactions',
    { ...s.as.admin, 'idempotency-key': randomUUID() },
    body,
  );
const transactions = async () =>
  (await select<{ n: number }>(`select count(*)::int as n from share_transaction`))[0]!.n;

describe('POST /api/v1/transactions/preview', () => {
  it('answers the certificates used and created and each holder before and after, writing nothing', async () => {
    const before = await transactions();
    const res = await preview({
      ShareholderId: s.alice.id,
      DestinationShareholderId: s.bob.id,
      ShareDate: '2024-03-01',
      Shares: '120',
      Type: 'Transfer',
      Origin: [s.certificates.cs1, s.certificates.cs2],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = previewResponse.parse(res.json());
    expect(
      answer.certificates.map((c) => [c.certificate, c.holderName, c.shares, c.before, c.after]),
    ).toEqual([
      ['CS-1', 'Alice', '-100.00', '100.00', '0.00'],
      [null, 'Bob', '100.00', '0.00', '100.00'],
      ['CS-2', 'Alice', '-20.00', '50.00', '30.00'],
      [null, 'Bob', '20.00', '0.00', '20.00'],
    ]);
    expect(answer.holders).toEqual([
      expect.objectContaining({
        name: 'Alice',
        before: expect.objectContaining({ total: '150.00' }),
        after: expect.objectContaining({ total: '30.00' }),
      }),
      expect.objectContaining({
        name: 'Bob',
        before: expect.objectContaining({ total: '10.00' }),
        after: expect.objectContaining({ total: '130.00' }),
      }),
    ]);
    expect(await transactions()).toBe(before);
  });

  it('refuses with the code and field the posting would answer; 403 to a holder', async () => {
    const body = {
      ShareholderId: s.alice.id,
      DestinationShareholderId: s.bob.id,
      ShareDate: '2024-03-01',
      Shares: '1000',
      Type: 'Transfer',
      Origin: [s.certificates.cs1],
    };
    expectErrorAnswerLike(await preview(body), 409, {
      code: 'LEDGER.INSUFFICIENT_SHARES',
      field: 'Shares',
    });
    expectErrorAnswerLike(await post(body), 409, {
      code: 'LEDGER.INSUFFICIENT_SHARES',
      field: 'Shares',
    });
    expectErrorAnswerLike(
      await preview({ ...body, Shares: '1', DestinationShareholderId: s.alice.id }),
      422,
      {
        field: 'DestinationShareholderId',
      },
    );
    expect((await preview(body, s.as.alice)).statusCode).toBe(403);
  });
});

describe('consideration and approval', () => {
  it('keeps them on the operation and shows them in the statement, USD by default', async () => {
    const res = await post({
      ShareholderId: s.carol.id,
      ShareDate: '2024-02-01',
      Shares: '10',
      Type: 'New Issue',
      Consideration: '1500.5',
      ApprovalDate: '2024-01-15',
      ApprovalReference: 'Board consent 2024-03',
    });
    expect(res.statusCode, res.body).toBe(201);
    const eur = await post({
      ShareholderId: s.carol.id,
      ShareDate: '2024-02-02',
      Shares: '1',
      Type: 'New Issue',
      Consideration: 0,
      ConsiderationCurrency: 'EUR',
    });
    expect(eur.statusCode, eur.body).toBe(201);
    const statement = statementResponse.parse(
      (
        await injectJson(t, 'GET', `/api/v1/shareholders/${s.carol.id}/statement`, s.as.admin)
      ).json(),
    );
    expect(
      statement.history.map((r) => [
        r.consideration,
        r.considerationCurrency,
        r.approvalDate,
        r.approvalReference,
      ]),
    ).toEqual([
      ['1500.50', 'USD', '2024-01-15', 'Board consent 2024-03'],
      ['0.00', 'EUR', null, null],
    ]);
  });

  it('refuses a currency without an amount, a future approval, a bad currency or amount, naming the field', async () => {
    const base = {
      ShareholderId: s.carol.id,
      ShareDate: '2024-02-01',
      Shares: '1',
      Type: 'New Issue',
    };
    expectErrorAnswerLike(await post({ ...base, ConsiderationCurrency: 'USD' }), 400, {
      field: 'ConsiderationCurrency',
    });
    expectErrorAnswerLike(await post({ ...base, ApprovalDate: '2999-01-01' }), 400, {
      field: 'ApprovalDate',
    });
    expectErrorAnswerLike(
      await post({ ...base, Consideration: '1', ConsiderationCurrency: 'usd' }),
      400,
      { field: 'ConsiderationCurrency' },
    );
    expectErrorAnswerLike(await post({ ...base, Consideration: '-1' }), 400, {
      field: 'Consideration',
    });
    expectErrorAnswerLike(await post({ ...base, ApprovalReference: 'x'.repeat(201) }), 400, {
      field: 'ApprovalReference',
    });
    expectErrorAnswerLike(await preview({ ...base, ConsiderationCurrency: 'USD' }), 400, {
      field: 'ConsiderationCurrency',
    });
  });
});
