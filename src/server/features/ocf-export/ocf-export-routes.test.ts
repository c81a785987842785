// The OCF export (issue 26, decision 126): GET /api/v1/ocf/export?asOf= answers the registry as
// an Open Cap Format package whose every file the official schemas accept, whose transactions
// replay to the ledger's holdings on the date, with none of another company's rows; audited.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../../ledger';
import { rows } from '../../db/sql';
import { useCapTableScenario } from '../../test-support/cap-table-scenario';
import { expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { createHolder, signInAs } from '../../test-support/fixtures';
import { injectJson } from '../../test-support/inject-json';
import { expectReplayEqualsLedger, readOcfPackage } from '../../test-support/ocf-package-check';

const { t, s, extra } = useCapTableScenario();
const today = () => todayIn('America/New_York');

const exportOf = (query = '', headers = s.as.admin) =>
  injectJson(t, 'GET', `/api/v1/ocf/export${query}`, headers);

async function exported(query = '', headers = s.as.admin) {
  const res = await exportOf(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return { res, pkg: readOcfPackage(res.rawPayload) };
}

describe('GET /api/v1/ocf/export', () => {
  it('today: a valid package named for the company and the date, replaying to our holdings', async () => {
    const started = Date.now();
    const { res, pkg } = await exported();
    expect(res.headers['content-type']).toBe('application/zip');
    const slug = s.organization.legalName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/-$/, '');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${slug}-${today()}.ocf.zip"`,
    );
    expect(pkg.manifest).toMatchObject({
      ocf_version: '1.2.1-alpha+main',
      as_of: today(),
      issuer: { id: s.organization.id, legal_name: s.organization.legalName },
    });
    const generated = Date.parse(pkg.manifest.generated_at);
    expect(generated).toBeGreaterThanOrEqual(started - 1000);
    expect(generated).toBeLessThanOrEqual(Date.now());
    await expectReplayEqualsLedger(s.db, s.organization.id, pkg);
    // Every kind of operation of the scenario, partial ones with their balance security.
    const kinds = pkg.transactions.map((x) => x.object_type);
    for (const kind of ['TX_STOCK_TRANSFER', 'TX_STOCK_CONVERSION', 'TX_STOCK_CANCELLATION'])
      expect(kinds).toContain(kind);
    const transfer = pkg.transactions.find((x) => x.object_type === 'TX_STOCK_TRANSFER')!;
    expect(transfer).toMatchObject({
      security_id: s.certificates.cs1,
      quantity: '30.00',
      date: '2024-03-01',
      balance_security_id: `${s.certificates.cs1}.after.${transfer.id}`,
    });
    const next = pkg.transactions[pkg.transactions.indexOf(transfer) + 1]!;
    expect(next).toMatchObject({
      object_type: 'TX_STOCK_ISSUANCE',
      security_id: (transfer['resulting_security_ids'] as string[])[0],
      stakeholder_id: s.bob.id,
      share_price: { amount: '2.00', currency: 'USD' },
    });
    // The holders the transactions name and the directory's people; Dora, deactivated since,
    // because she held shares.
    const ids = pkg.stakeholders.map((x) => x.id);
    for (const id of [s.alice.id, s.bob.id, s.carol.id, extra.dora, extra.eve])
      expect(ids).toContain(id);
    expect(ids).not.toContain(s.admin.id);
    expect(pkg.stockClasses.map((c) => c['class_type'])).toEqual(['COMMON', 'PREFERRED']);
  });

  it('as of a past date leaves later transactions out', async () => {
    const { res, pkg } = await exported('?asOf=2023-12-31');
    expect(res.headers['content-disposition']).toContain('-2023-12-31.ocf.zip"');
    expect(pkg.manifest.as_of).toBe('2023-12-31');
    expect(pkg.transactions.length).toBeGreaterThan(0);
    expect(pkg.transactions.every((x) => x.date <= '2023-12-31')).toBe(true);
    expect(pkg.transactions.map((x) => x.object_type)).not.toContain('TX_STOCK_TRANSFER');
    await expectReplayEqualsLedger(s.db, s.organization.id, pkg);
    // The same rows carry the same ids on a later date.
    const later = (await exported()).pkg.transactions;
    expect(later.slice(0, 3)).toEqual(pkg.transactions.slice(0, 3));
  });

  it('a reversal: the compensating operation, replaying to the balances after it', async () => {
    const issued = await s.post({
      type: 'New Issue',
      holderId: s.carol.id,
      date: '2024-08-01',
      shares: '7',
      cost: '1.25',
    });
    const reversed = await injectJson(
      t,
      'POST',
      `/api/v1/operations/${issued.operationId}/reverse`,
      { ...s.as.admin, 'idempotency-key': randomUUID() },
      { Reason: 'Recorded in error' },
    );
    expect(reversed.statusCode, reversed.body).toBe(201);
    const { pkg } = await exported();
    const cancel = pkg.transactions.find((x) =>
      (x.comments as string[]).includes(`Reverses ledger operation ${issued.operationId}`),
    );
    expect(cancel).toMatchObject({
      object_type: 'TX_STOCK_CANCELLATION',
      security_id: issued.certificates[0]!.id,
      quantity: '7.00',
    });
    await expectReplayEqualsLedger(s.db, s.organization.id, pkg);
  });

  it('holds none of another company’s rows', async () => {
    const { pkg } = await exported();
    const [other] = await rows<{ organization_id: string; id: string }>(
      s.db,
      sql`select organization_id, id from certificate
           where holder_id = ${extra.outsider}`,
    );
    const everything = Object.values(pkg.texts).join('\n');
    for (const id of [extra.outsider, other!.organization_id, other!.id])
      expect(everything).not.toContain(id);
  });

  it('is written to the audit log: who, which date, how many objects', async () => {
    await exported('?asOf=2024-01-31');
    const [entry] = await rows<{ action: string; entity_id: string; after: unknown }>(
      s.db,
      sql`select action, entity_id, after from audit_entry
           where organization_id = ${s.organization.id} and action = 'ocf.exported'
           order by id desc limit 1`,
    );
    expect(entry).toMatchObject({
      action: 'ocf.exported',
      entity_id: s.organization.id,
      after: {
        asOf: '2024-01-31',
        counts: { 'Transactions.ocf.json': expect.any(Number) as number },
      },
    });
  });

  it('a read-only member may export; a holder, no session and a later date are refused', async () => {
    const viewer = await createHolder(s.db, s.organization.id, {
      name: 'Rhea Auditor',
      email: `ocf-auditor-${s.organization.id.slice(0, 8)}@example.test`,
      readOnly: true,
    });
    await exported('', await signInAs(t, viewer.email!));
    expect((await exportOf('', s.as.alice)).statusCode).toBe(403);
    expect((await exportOf('', {})).statusCode).toBe(401);
    expectErrorAnswerLike(await exportOf('?asOf=9999-01-01'), 400, { field: 'asOf' });
    expectErrorAnswerLike(await exportOf('?asOf=2024-02-30'), 400, { field: 'asOf' });
  });
});
