// The audit trail's hash chain (issue 25, decision 118): every entry chained in its organization's
// commit order, and verifyAuditChain naming the first entry changed, removed, reordered or
// rewritten behind the append-only trigger.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { createHolder, createOrganization } from '../../test-support/fixtures';
import { injectJson } from '../../test-support/inject-json';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { useTestApp } from '../../test-support/use-test-app';
import { verifyAuditChain } from './verify-audit-chain';

const t = useTestApp();
const s = useLedgerScenario(t);

/** A company with `count` audit entries, written in one statement through the chain trigger. */
async function companyWithEntries(db: Db, count: number): Promise<string> {
  const { organization } = await createOrganization(db, `Chain ${randomUUID().slice(0, 8)}, Inc.`);
  await db.execute(
    sql`insert into audit_entry (organization_id, action, entity_type, entity_id, after)
        select ${organization.id}, 'test.entry', 'test', g::text, jsonb_build_object('n', g)
          from generate_series(1, ${count}) g`,
  );
  return organization.id;
}

/** Changes rows as only someone with the database's keys could: the append-only trigger off. */
const behindTheTrigger = (db: Db, ...changes: ReturnType<typeof sql>[]) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_entry disable trigger audit_entry_append_only`);
    for (const change of changes) await tx.execute(change);
    await tx.execute(sql`alter table audit_entry enable trigger audit_entry_append_only`);
  });

describe('the audit hash chain', () => {
  it('chains every entry the ledger writes, in order; GET /api/v1/audit/chain says so', async () => {
    const report = await verifyAuditChain(s.db, s.organization.id);
    expect(report.breaks).toEqual([]);
    expect(report.verifiedThrough[s.organization.id]).toBe(report.entries);
    expect(report.entries).toBeGreaterThanOrEqual(3);
    const res = await injectJson(t, 'GET', '/api/v1/audit/chain', s.as.admin);
    expect(res.json()).toEqual({
      entries: report.entries,
      verifiedThrough: report.entries,
      broken: null,
    });
    expect((await injectJson(t, 'GET', '/api/v1/audit/chain', s.as.alice)).statusCode).toBe(403);
  });

  it('of 10,000 entries, names the one changed in the middle', async () => {
    const org = await companyWithEntries(s.db, 10_000);
    expect((await verifyAuditChain(s.db, org)).breaks).toEqual([]);
    await behindTheTrigger(
      s.db,
      sql`update audit_entry set after = '{"n": -1}' where organization_id = ${org} and seq = 5000`,
    );
    const report = await verifyAuditChain(s.db, org);
    expect(report.breaks).toEqual([
      expect.objectContaining({ seq: 5000, problem: expect.stringContaining('it was changed') }),
    ]);
    expect(report.verifiedThrough[org]).toBe(4999);
  }, 120_000);

  it('names the entry after a removed one, a reordered pair, a rewritten link, and a removed end', async () => {
    const removed = await companyWithEntries(s.db, 20);
    await behindTheTrigger(
      s.db,
      sql`delete from audit_entry where organization_id = ${removed} and seq = 7`,
    );
    expect((await verifyAuditChain(s.db, removed)).breaks[0]).toMatchObject({
      seq: 8,
      problem: 'entries 7 to 7 before it are missing',
    });

    const swapped = await companyWithEntries(s.db, 20);
    const move = (from: number, to: number) =>
      sql`update audit_entry set seq = ${to} where organization_id = ${swapped} and seq = ${from}`;
    await behindTheTrigger(s.db, move(10, -10), move(11, 10), move(-10, 11));
    expect((await verifyAuditChain(s.db, swapped)).breaks[0]).toMatchObject({ seq: 10 });

    // Entry 5's content and hash rewritten together: entry 6's link no longer holds.
    const rewritten = await companyWithEntries(s.db, 20);
    const at5 = sql`organization_id = ${rewritten} and seq = 5`;
    await behindTheTrigger(
      s.db,
      sql`update audit_entry set after = '{"n": 0}' where ${at5}`,
      sql`update audit_entry e set hash = audit_entry_digest(e, e.prev_hash) where ${at5}`,
    );
    expect((await verifyAuditChain(s.db, rewritten)).breaks[0]).toMatchObject({
      seq: 6,
      problem: expect.stringContaining('link to the previous entry'),
    });

    const cut = await companyWithEntries(s.db, 20);
    await behindTheTrigger(
      s.db,
      sql`delete from audit_entry where organization_id = ${cut} and seq > 18`,
    );
    expect((await verifyAuditChain(s.db, cut)).breaks[0]).toMatchObject({
      seq: 19,
      problem: 'entries 19 to 20 at the end of the chain are missing',
    });
  }, 60_000);

  it('stays whole under concurrent postings to different holders', async () => {
    const holders = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createHolder(s.db, s.organization.id, { name: `C${i}` }),
      ),
    );
    const answers = await Promise.all(
      holders.map((h) =>
        injectJson(
          t,
          'POST',
          '/api/v1/transactions',
          { ...s.as.admin, 'idempotency-key': randomUUID() },
          {
            ShareholderId: h.id,
            ShareDate: '2024-03-01',
            Shares: '1',
            Cost: '1',
            Type: 'New Issue',
          },
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const report = await verifyAuditChain(s.db, s.organization.id);
    expect(report.breaks).toEqual([]);
    expect(report.verifiedThrough[s.organization.id]).toBe(report.entries);
  });
});
