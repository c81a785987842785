// The company's settings (issue 25, decision 122): GET/PUT /api/v1/company/settings, audited,
// and the whole-shares rule every posting obeys.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { companySettings } from '../../../contract/corrections';
import { expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { injectJson } from '../../test-support/inject-json';
import { rows } from '../../db/sql';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();
const select = <T>(text: string) => rows<T>(t.database.db, sql.raw(text));
const path = '/api/v1/company/settings';
const save = (body: unknown, headers = s.as.admin) => injectJson(t, 'PUT', path, headers, body);
const issue = (shares: string, path = '/api/v1/transactions') =>
  injectJson(
    t,
    'POST',
    path,
    { ...s.as.admin, 'idempotency-key': randomUUID() },
    { ShareholderId: s.carol.id, ShareDate: '2024-02-01', Shares: shares, Type: 'New Issue' },
  );

afterEach(async () => {
  await save({ wholeSharesOnly: false, certificateLegend: '' });
});

describe('GET and PUT /api/v1/company/settings', () => {
  it('reads the defaults, saves both settings and audits what they were and are', async () => {
    const read = await injectJson(t, 'GET', path, s.as.admin);
    expect(companySettings.parse(read.json())).toEqual({
      wholeSharesOnly: false,
      certificateLegend: '',
    });
    const legend = 'THESE SHARES HAVE NOT BEEN REGISTERED UNDER THE SECURITIES ACT OF 1933.';
    const saved = await save({ wholeSharesOnly: true, certificateLegend: legend });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ wholeSharesOnly: true, certificateLegend: legend });
    expect((await injectJson(t, 'GET', path, s.as.admin)).json()).toEqual(saved.json());
    const [audit] = await select<Record<string, unknown>>(
      `select before, after from audit_entry where action = 'company.settings_set'
          order by created_at desc limit 1`,
    );
    expect(audit).toEqual({
      before: { wholeSharesOnly: false, certificateLegend: '' },
      after: { wholeSharesOnly: true, certificateLegend: legend },
    });
  });

  it('refuses a bad body naming the field, and a holder (403) both reads and writes', async () => {
    expectErrorAnswerLike(await save({ wholeSharesOnly: 'yes', certificateLegend: '' }), 400, {
      field: 'wholeSharesOnly',
    });
    expectErrorAnswerLike(
      await save({ wholeSharesOnly: true, certificateLegend: 'x'.repeat(2001) }),
      400,
      { field: 'certificateLegend' },
    );
    expect((await injectJson(t, 'GET', path, s.as.alice)).statusCode).toBe(403);
    expect(
      (await save({ wholeSharesOnly: true, certificateLegend: '' }, s.as.alice)).statusCode,
    ).toBe(403);
  });
});

describe('whole shares only', () => {
  it('refuses a fractional posting and its preview with 409 naming Shares, writing nothing', async () => {
    await save({ wholeSharesOnly: true, certificateLegend: '' });
    const count = async () =>
      (await select<{ n: number }>(`select count(*)::int as n from share_transaction`))[0]!.n;
    const before = await count();
    const refused = await issue('10.5');
    expectErrorAnswerLike(refused, 409, { code: 'LEDGER.FRACTIONAL_SHARES', field: 'Shares' });
    expect(refused.json().message).toContain('whole shares only');
    expectErrorAnswerLike(await issue('0.25', '/api/v1/transactions/preview'), 409, {
      code: 'LEDGER.FRACTIONAL_SHARES',
      field: 'Shares',
    });
    expect(await count()).toBe(before);
    expect((await issue('10')).statusCode).toBe(201);
  });

  it('holds for the CRM gateway’s registry provider too, naming data.Shares', async () => {
    await save({ wholeSharesOnly: true, certificateLegend: '' });
    const res = await injectJson(
      t,
      'POST',
      '/api/v1/registry/insert',
      { ...s.as.admin, 'idempotency-key': randomUUID() },
      {
        objectName: 'Share_Transaction__c',
        data: {
          ShareholderId: s.bob.id,
          DestinationShareholderId: s.alice.id,
          ShareDate: '2024-02-01',
          Shares: '1.5',
          Type: 'Transfer',
          Origin: [s.certificates.cs3],
        },
      },
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LEDGER.FRACTIONAL_SHARES', field: 'data.Shares' });
  });

  it('lets fractions through when the setting is off', async () => {
    expect((await issue('0.5')).statusCode).toBe(201);
  });
});
