import { sql } from 'drizzle-orm';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { OcfImportReport } from '../../../contract/ocf-import';
import { rows } from '../../db/sql';
import { expectLedgerSound } from '../../test-support/ledger-scenario';
import {
  capTablePackage,
  emptyCompany,
  multipartBody,
  sampleFiles,
  zipOf,
  type PackageFile,
} from '../../test-support/ocf-packages';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { useTestApp } from '../../test-support/use-test-app';

const t = useTestApp();
const a = useLedgerScenario(t);

const upload = (headers: Record<string, string>, files: PackageFile[], query = '') => {
  const body = multipartBody(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/ocf/import${query}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

const counts = async (organizationId: string) => {
  const [row] = await rows<{ holders: number; transactions: number; audit: number }>(
    t.database.db,
    sql`select (select count(*)::int from shareholder where organization_id = ${organizationId}) as holders,
               (select count(*)::int from share_transaction t join certificate c on c.id = t.certificate_id where c.organization_id = ${organizationId}) as transactions,
               (select count(*)::int from audit_entry where organization_id = ${organizationId}) as audit`,
  );
  return row!;
};

const holdings = (organizationId: string) =>
  rows<{ name: string; common: string; preferred: string }>(
    t.database.db,
    sql`select name, common_shares::text as common, preferred_shares::text as preferred
          from shareholder where organization_id = ${organizationId} order by name`,
  );

describe('POST /api/v1/ocf/import: the official samples', () => {
  it('dry run: lists holders, classes and legend, reports the rest by id, writes nothing', async () => {
    const c = await emptyCompany(t);
    const before = await counts(c.organizationId);
    const res = await upload(c.headers, sampleFiles());
    expect(res.statusCode).toBe(200);
    const report = res.json<OcfImportReport>();
    expect(report.mode).toBe('dry-run');
    expect(report.committed).toBe(false);
    expect(report.toCreate.holders.map((h) => h.id)).toContain('stakeholder-sample-minimal-fields');
    expect(report.toCreate.classes.map((k) => [k.classType, k.prefix])).toEqual([
      ['common', 'CS-'],
      ['preferred', 'PS-'],
    ]);
    expect(report.toCreate.legend?.ids).toEqual(['f04e7c40-0a64-4d2e-9208-8828098d73d5']);
    const unlisted = report.invalid.filter((i) => i.reason.includes('does not list'));
    expect(unlisted).toHaveLength(7);
    const notExpressible = new Map(report.notExpressible.map((i) => [i.id, i.objectType]));
    expect(notExpressible.get('test-stock-reissuance-minimal')).toBe('TX_STOCK_REISSUANCE');
    expect(notExpressible.get('test-stock-consolidation')).toBe('TX_STOCK_CONSOLIDATION');
    expect([...notExpressible.values()]).toContain('TX_WARRANT_ISSUANCE');
    expect([...notExpressible.values()]).toContain('VESTING_TERMS');
    // The samples' stock transactions name a stakeholder the package does not hold.
    expect(report.invalid.map((i) => i.id)).toContain('test-stock-transfer-minimal');
    expect(report.warnings.some((w) => w.reason.includes('md5'))).toBe(true);
    expect(await counts(c.organizationId)).toEqual(before);
  });

  it('commit writes the holders, classes and legend; the ledger stays sound', async () => {
    const c = await emptyCompany(t);
    const res = await upload(
      c.headers,
      [zipOf(sampleFiles())].map((data) => ({ name: 'samples.ocf.zip', data })),
      '?commit=true',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<OcfImportReport>().committed).toBe(true);
    expect((await counts(c.organizationId)).holders).toBe(5);
    const [legend] = await rows<{ legend: string }>(
      t.database.db,
      sql`select certificate_legend as legend from organization where id = ${c.organizationId}`,
    );
    expect(legend!.legend).toMatch(/^THE SHARES REPRESENTED HEREBY/);
    await expectLedgerSound(t.database.db);
  });
});

describe('POST /api/v1/ocf/import: a cap table', () => {
  it('dry run shows the operations with the certificate numbers the ledger gives', async () => {
    const c = await emptyCompany(t);
    const report = (await upload(c.headers, capTablePackage())).json<OcfImportReport>();
    expect(report.toCreate.operations.map((o) => [o.id, o.type, o.shares, o.certificate])).toEqual([
      ['iss-ann', 'New Issue', '1000.00', 'CS-1'],
      ['iss-bo', 'New Issue', '500.00', 'PS-2'],
      ['tr-1', 'Transfer', '300.00', 'CS-3'],
      ['can-1', 'Cancel', '100.00', null],
      ['conv-1', 'Convert to Preferred', '200.00', 'PS-4'],
    ]);
    expect(report.notExpressible.map((i) => [i.id, i.objectType])).toEqual([
      ['warrant-1', 'TX_WARRANT_ISSUANCE'],
    ]);
    expect(report.invalid.map((i) => i.id)).toEqual(['nameless']);
    expect((await counts(c.organizationId)).transactions).toBe(0);
  });

  it('commit: balances as the package implies, audit-logged, sound; again: nothing twice', async () => {
    const c = await emptyCompany(t);
    const files = capTablePackage();
    const res = await upload(c.headers, files, '?commit=true');
    expect(res.statusCode).toBe(200);
    expect(await holdings(c.organizationId)).toEqual([
      { name: 'Ann Archer', common: '500.00', preferred: '200.00' },
      { name: 'Bo Baker', common: '0.00', preferred: '500.00' },
      { name: 'Cy Cole', common: '200.00', preferred: '0.00' },
      { name: 'Olga Admin', common: '0.00', preferred: '0.00' },
    ]);
    const [audit] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_entry
           where organization_id = ${c.organizationId} and action = 'ocf.import'`,
    );
    expect(audit!.n).toBe(1);
    await expectLedgerSound(t.database.db);
    const after = await counts(c.organizationId);
    const again = await upload(
      c.headers,
      [{ name: 'p.ocf.zip', data: zipOf(files) }],
      '?commit=true',
    );
    expect(again.statusCode).toBe(200);
    expect(again.json<OcfImportReport>()).toMatchObject({
      alreadyImported: true,
      committed: false,
    });
    expect(await counts(c.organizationId)).toEqual(after);
  });

  it('a transaction the ledger refuses writes nothing and names its OCF id', async () => {
    const c = await emptyCompany(t);
    const tooMuch = {
      object_type: 'TX_STOCK_CANCELLATION',
      id: 'cancel-too-much',
      security_id: 'sec-iss-bo',
      date: '2023-01-01',
      quantity: '501',
      reason_text: 'More than held',
    };
    const before = await counts(c.organizationId);
    const res = await upload(c.headers, capTablePackage([tooMuch]), '?commit=true');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'OCF.LEDGER_REFUSED',
      field: 'file',
      details: { id: 'cancel-too-much' },
    });
    expect(await counts(c.organizationId)).toEqual(before);
  });

  it('refuses more decimals than the ledger keeps, naming the id', async () => {
    const c = await emptyCompany(t);
    const odd = {
      object_type: 'TX_STOCK_CANCELLATION',
      id: 'cancel-odd',
      security_id: 'sec-iss-bo',
      date: '2023-01-01',
      quantity: '1.005',
      reason_text: 'Odd',
    };
    const report = (await upload(c.headers, capTablePackage([odd]))).json<OcfImportReport>();
    expect(report.invalid.find((i) => i.id === 'cancel-odd')?.reason).toMatch(
      /more than 2 decimals/,
    );
  });

  it('refuses a commit into a registry with transactions (409)', async () => {
    const res = await upload(a.as.admin, capTablePackage(), '?commit=true');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'OCF.REGISTRY_NOT_EMPTY', field: 'file' });
  });
});

describe('POST /api/v1/ocf/import: refusals', () => {
  const refusal = async (headers: Record<string, string>, files: PackageFile[]) => {
    const res = await upload(headers, files);
    return { status: res.statusCode, body: res.json<{ code: string; field?: string }>() };
  };

  it('not a zip, not JSON, not OCF, no files: 4xx naming file', async () => {
    const c = await emptyCompany(t);
    const junk = strToU8('PK this is no zip');
    expect(await refusal(c.headers, [{ name: 'x.ocf.zip', data: junk }])).toMatchObject({
      status: 400,
      body: { code: 'OCF.NOT_A_ZIP', field: 'file' },
    });
    expect(await refusal(c.headers, [{ name: 'x.json', data: strToU8('{nope') }])).toMatchObject({
      status: 400,
      body: { code: 'OCF.NOT_JSON', field: 'file' },
    });
    expect(await refusal(c.headers, [{ name: 'x.json', data: strToU8('[1]') }])).toMatchObject({
      status: 400,
      body: { code: 'OCF.NOT_OCF', field: 'file' },
    });
    expect(await refusal(c.headers, [])).toMatchObject({ status: 400, body: { field: 'file' } });
  });

  it('a zip bomb, an oversized file, a wrong content type: 413/415 naming file', async () => {
    const c = await emptyCompany(t);
    const bomb = zipOf([{ name: 'big.ocf.json', data: new Uint8Array(60 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(c.headers, [{ name: 'bomb.zip', data: bomb }])).toMatchObject({
      status: 413,
      body: { code: 'OCF.ZIP_TOO_LARGE', field: 'file' },
    });
    const many = zipOf(
      Array.from({ length: 60 }, (_, i) => ({ name: `${i}.json`, data: strToU8('{}') })),
    );
    expect((await refusal(c.headers, [{ name: 'many.zip', data: many }])).status).toBe(413);
    const huge = new Uint8Array(11 * 1024 * 1024);
    expect(await refusal(c.headers, [{ name: 'huge.json', data: huge }])).toMatchObject({
      status: 413,
      body: { field: 'file' },
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ocf/import',
      headers: { ...c.headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ field: 'file' });
  });

  it('administrators only: a holder 403, no session 401', async () => {
    expect((await upload(a.as.alice, capTablePackage())).statusCode).toBe(403);
    expect((await upload({}, capTablePackage())).statusCode).toBe(401);
  });
});
