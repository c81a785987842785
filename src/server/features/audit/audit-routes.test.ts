import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditResponse } from '../../../contract/audit';
import { expectAdministratorsOnly } from '../../test-support/expect-administrators-only';
import { getParsed } from '../../test-support/get-parsed';
import { injectJson } from '../../test-support/inject-json';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();
beforeAll(async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/transactions',
    headers: { ...s.as.admin, 'idempotency-key': randomUUID() },
    payload: {
      ShareholderId: s.bob.id,
      DestinationShareholderId: s.carol.id,
      ShareDate: '2024-01-10',
      Shares: '4',
      Type: 'Transfer',
      Origin: [s.certificates.cs3],
      Reason: 'gift',
    },
  });
  expect(res.statusCode).toBe(201);
});

const get = (url: string, headers: Record<string, string>) => injectJson(t, 'GET', url, headers);

describe('GET /api/v1/audit', () => {
  it('lists who did what, when, why, with before and after, newest first', async () => {
    const body = await getParsed(t, '/api/v1/audit', s.as.admin, auditResponse);
    expect(body.rows).toHaveLength(4);
    const [latest] = body.rows;
    expect(latest).toMatchObject({
      action: 'ledger.Transfer',
      reason: 'gift',
      entityType: 'ledger_operation',
    });
    expect(latest!.requestId).toBeTruthy();
    expect(latest!.actorUserId).toBeTruthy();
    expect(latest!.actorName).toBe('Ada Admin');
    expect(latest!.actorEmail).toBe(s.admin.email);
    // The scenario's set-up postings name no login: no name to show.
    expect(body.rows.at(-1)).toMatchObject({
      actorUserId: 'setup',
      actorName: null,
      actorEmail: null,
    });
    expect(latest!.before).toMatchObject({
      certificates: { [s.certificates.cs3]: { balance: '10.00' } },
    });
    expect(latest!.after).toMatchObject({
      certificates: { [s.certificates.cs3]: { balance: '6.00' } },
    });
  });

  it('filters by holder, certificate and date range', async () => {
    const byCarol = auditResponse.parse(
      (await get(`/api/v1/audit?holderId=${s.carol.id}`, s.as.admin)).json(),
    );
    expect(byCarol.rows.map((r) => r.action)).toEqual(['ledger.Transfer']);
    const byCs1 = (
      await get(`/api/v1/audit?certificateId=${s.certificates.cs1}`, s.as.admin)
    ).json();
    expect(byCs1.rows).toHaveLength(1);
    const future = (await get('/api/v1/audit?from=2999-01-01', s.as.admin)).json();
    expect(future.rows).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    const upToToday = (await get(`/api/v1/audit?from=${today}&to=${today}`, s.as.admin)).json();
    expect(upToToday.rows).toHaveLength(4);
  });

  it('is for administrators only: 403 shareholder, 401 anonymous, 400 naming a bad filter', () =>
    expectAdministratorsOnly(t, s, '/api/v1/audit', { query: 'holderId=nope', field: 'holderId' }));
});
