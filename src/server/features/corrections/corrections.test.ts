// Reversing an operation (issue 25, decision 122): POST /api/v1/operations/:id/reverse posts the
// inverse as a new operation linked to the original, or refuses saying why, writing nothing.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  recordTransactionResponse,
  statementResponse,
  type HistoryRow,
} from '../../../contract/ledger';
import { expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { injectJson } from '../../test-support/inject-json';
import { rows } from '../../db/sql';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();
const select = <T>(text: string) => rows<T>(t.database.db, sql.raw(text));
const key = () => ({ ...s.as.admin, 'idempotency-key': randomUUID() });
const record = async (body: Record<string, unknown>) => {
  const res = await injectJson(t, 'POST', '/api/v1/transactions', key(), body);
  expect(res.statusCode, res.body).toBe(201);
  return recordTransactionResponse.parse(res.json());
};
const reverse = (
  id: string,
  body: unknown = { Reason: 'Entered by mistake' },
  headers: Record<string, string> = key(),
) => injectJson(t, 'POST', `/api/v1/operations/${id}/reverse`, headers, body);
const history = async (holderId: string): Promise<HistoryRow[]> => {
  const res = await injectJson(t, 'GET', `/api/v1/shareholders/${holderId}/statement`, s.as.admin);
  return statementResponse.parse(res.json()).history;
};
const operationCount = async () =>
  (await select<{ n: number }>(`select count(*)::int as n from ledger_operation`))[0]!.n;

describe('POST /api/v1/operations/:id/reverse', () => {
  it('reverses a New Issue by a Cancel of its certificate; both statement rows show the link', async () => {
    const issued = await record({
      ShareholderId: s.carol.id,
      ShareDate: '2024-02-01',
      Shares: '25',
      Cost: '2',
      Type: 'New Issue',
    });
    const res = await reverse(issued.operationId);
    expect(res.statusCode, res.body).toBe(201);
    const reversal = recordTransactionResponse.parse(res.json());
    expect(reversal).toMatchObject({ type: 'Cancel', reversesOperationId: issued.operationId });
    expect(reversal.transactions).toEqual([expect.objectContaining({ shares: '-25.00' })]);
    const rows = await history(s.carol.id);
    expect(rows.find((r) => r.operationId === issued.operationId)).toMatchObject({
      reversedByOperationId: reversal.operationId,
      reversesOperationId: null,
    });
    expect(rows.find((r) => r.operationId === reversal.operationId)).toMatchObject({
      reversesOperationId: issued.operationId,
      reason: 'Entered by mistake',
      type: 'Cancelled',
    });
    expect(rows.at(-1)!.balance).toBe('0.00');
    const [audit] = await select<Record<string, unknown>>(
      `select action, after->'record'->>'reversesOperationId' as reverses
           from audit_entry where operation_id = '${reversal.operationId}'`,
    );
    expect(audit).toEqual({ action: 'ledger.Reverse', reverses: issued.operationId });

    // A second reversal, and a reversal of the reversal, are refused; nothing is written.
    const before = await operationCount();
    expectErrorAnswerLike(await reverse(issued.operationId), 409, {
      code: 'LEDGER.ALREADY_REVERSED',
    });
    expectErrorAnswerLike(await reverse(reversal.operationId), 409, {
      code: 'LEDGER.REVERSAL_OF_REVERSAL',
    });
    expect(await operationCount()).toBe(before);
  });

  it('reverses a Transfer by a transfer back to the sender, replaying the same key', async () => {
    const sent = await record({
      ShareholderId: s.alice.id,
      DestinationShareholderId: s.bob.id,
      ShareDate: '2024-03-01',
      Shares: '5',
      Cost: '4',
      Type: 'Transfer',
      Origin: [s.certificates.cs1],
    });
    const headers = key();
    const first = await reverse(sent.operationId, { Reason: 'Wrong recipient' }, headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await reverse(sent.operationId, { Reason: 'Wrong recipient' }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const back = recordTransactionResponse.parse(first.json());
    expect(back.transactions.map((x) => [x.type, x.shares])).toEqual([
      ['Transferred', '-5.00'],
      ['Issued: transfer', '5.00'],
    ]);
    expect(back.certificates[0]!.holderId).toBe(s.alice.id);
    const bob = await history(s.bob.id);
    expect(bob.at(-1)).toMatchObject({ reversesOperationId: sent.operationId, balance: '10.00' });
  });

  it('refuses, saying why and writing nothing, when the shares issued were since transferred away', async () => {
    const issued = await record({
      ShareholderId: s.carol.id,
      ShareDate: '2024-02-01',
      Shares: '8',
      Type: 'New Issue',
    });
    await record({
      ShareholderId: s.carol.id,
      DestinationShareholderId: s.bob.id,
      ShareDate: '2024-02-02',
      Shares: '3',
      Type: 'Transfer',
      Origin: [issued.certificates[0]!.id],
    });
    const before = await operationCount();
    const res = await reverse(issued.operationId);
    expectErrorAnswerLike(res, 409, {
      code: 'LEDGER.REVERSAL_BLOCKED',
      details: { cause: 'LEDGER.INSUFFICIENT_SHARES', requested: '8.00', available: '5.00' },
    });
    expect(res.json().message).toContain('hold 5.00 of the 8.00 shares');
    expect(await operationCount()).toBe(before);
  });

  it('refuses a conversion to preferred, naming what to record instead', async () => {
    const converted = await record({
      ShareholderId: s.alice.id,
      ShareDate: '2024-04-01',
      Shares: '1',
      Type: 'Convert to Preferred',
      Origin: [s.certificates.cs2],
    });
    const res = await reverse(converted.operationId);
    expectErrorAnswerLike(res, 422, { code: 'LEDGER.REVERSAL_NOT_SUPPORTED' });
    expect(res.json().message).toContain('Cancel of the preferred certificate');
  });

  it('answers 404 for an unknown operation, 400 without a key or a reason, 403 to a holder', async () => {
    expectErrorAnswerLike(await reverse(randomUUID()), 404, { code: 'OPERATION.NOT_FOUND' });
    const issued = await record({
      ShareholderId: s.carol.id,
      ShareDate: '2024-02-01',
      Shares: '1',
      Type: 'New Issue',
    });
    expectErrorAnswerLike(await reverse(issued.operationId, { Reason: 'x' }, s.as.admin), 400, {
      code: 'IDEMPOTENCY.KEY_REQUIRED',
    });
    expectErrorAnswerLike(await reverse(issued.operationId, { Reason: '  ' }), 400, {
      field: 'Reason',
    });
    const holder = { ...s.as.alice, 'idempotency-key': randomUUID() };
    expect((await reverse(issued.operationId, undefined, holder)).statusCode).toBe(403);
  });
});
