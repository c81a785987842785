// The e-mail notice after each operation (issue 25, DGCL §151(f)): every holder involved who has
// an e-mail and has not turned notices off gets what changed for them, read back from the SMTP
// catcher; a replay sends nothing again, and a mail server that is down never fails the posting.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RecordTransactionResponse } from '../../contract/ledger';
import { formatShares } from '../../contract/format';
import { rows } from '../db/sql';
import { createHolder } from '../test-support/fixtures';
import { injectJson } from '../test-support/inject-json';
import { expectLedgerSound } from '../test-support/ledger-scenario';
import type { CaughtMail } from '../test-support/smtp-catcher';
import { transactionPoster } from '../test-support/transaction-poster';
import { useLedgerScenario } from '../test-support/use-ledger-scenario';
import { useSmtpCatcher } from '../test-support/use-sign-in-services';
import { useTestApp } from '../test-support/use-test-app';
import type { TestApp } from '../test-support/test-app';
import { sendOperationNotices } from './operation-notices';

const MAIL_FROM = 'Transfer Desk <desk@registry.test>';
const smtp = useSmtpCatcher();
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url, MAIL_FROM } }));
const s = useLedgerScenario(t);
const post = transactionPoster(t);

/** The notices sent since `since` (an index into the catcher's mails), once all have gone. */
async function noticesSince(since: number, app: TestApp = t): Promise<CaughtMail[]> {
  await app.app.notices.drain();
  return smtp.mails.slice(since).filter((m) => m.subject.includes('Notice of a change'));
}
const to = (mails: CaughtMail[], email: string | null) =>
  mails.filter((m) => m.to.includes(email!.toLowerCase()));

/** The holder's balances as the notice words them. */
async function balanceWords(db: TestApp['database']['db'], holderId: string): Promise<string> {
  const [h] = await rows<Record<'common' | 'preferred' | 'balance' | 'c' | 'p', string>>(
    db,
    sql`select common_shares::text as common, preferred_shares::text as preferred,
               balance::text as balance,
               (select name from share_class where organization_id = h.organization_id
                  and class_type = 'common') as c,
               (select name from share_class where organization_id = h.organization_id
                  and class_type = 'preferred') as p
          from shareholder h where id = ${holderId}`,
  );
  return (
    `Your shares after this change: ${formatShares(h!.common)} ${h!.c} and ` +
    `${formatShares(h!.preferred)} ${h!.p} (${formatShares(h!.balance)} in all).`
  );
}

const noticeAudit = (holderId: string) =>
  rows<{ action: string; after: { operationId: string; email: string } | string }>(
    s.db,
    sql`select action, after from audit_entry
         where entity_type = 'shareholder' and entity_id = ${holderId}
           and action like 'notice.%' order by id`,
  ).then((r) =>
    r.map((x) => ({
      action: x.action,
      after: (typeof x.after === 'string' ? JSON.parse(x.after) : x.after) as {
        operationId: string;
        email: string;
        error?: { code: string };
      },
    })),
  );

describe('the notice after a New Issue', () => {
  it("tells the holder what they received, their balance after, their statement's link, in the company's name", async () => {
    const since = smtp.mails.length;
    const res = await post(s.as.admin, {
      ShareholderId: s.alice.id,
      ShareDate: '2024-01-15',
      Shares: '1250',
      Cost: '2.00',
      Type: 'New Issue',
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<RecordTransactionResponse>();
    const certificate = answer.certificates[0]!.certificate;
    const mails = await noticesSince(since);
    expect(mails.map((m) => m.to)).toEqual([[s.alice.email!.toLowerCase()]]);
    const [mail] = mails;
    const company = s.organization.legalName;
    expect(mail!.subject).toBe(`${company}: Notice of a change to your shares (New Issue)`);
    expect(mail!.fromHeader).toBe(MAIL_FROM);
    const { text, html } = mail!;
    expect(text).toContain('Dear Alice,');
    expect(text).toContain(`a new issue dated Jan 15, 2024, recorded in its stock ledger`);
    expect(text).toContain(
      `- New Issue: 1,250 shares of Common Stock on new certificate ${certificate}\n`,
    );
    expect(text).toContain(await balanceWords(s.db, s.alice.id));
    const statement = `${t.config.publicUrl}/view?SH_UID=${s.alice.id}`;
    const profile = `${t.config.publicUrl}/profile?SH_UID=${s.alice.id}`;
    expect(text).toContain(`Your statement, with every certificate and transaction:\n${statement}`);
    // How to turn them off ends it, before the signature: MAIL_FROM's name and the company.
    expect(text).toMatch(
      new RegExp(
        `untick "E-mail me a notice after each change to my shares" on your profile:\\n` +
          `${profile.replace(/[.?]/g, '\\$&')}\\n\\n-- \\nTransfer Desk\\n${company.replace(/[.,]/g, '\\$&')}\\n$`,
      ),
    );
    // The same words as HTML, the links as links.
    expect(html).toContain(`<a href="${statement}">`);
    expect(html).toContain(`<a href="${profile}">`);
    expect(html).toContain(`<li>New Issue: 1,250 shares of Common Stock on new certificate`);
    // Recorded under the holder: an administrator sees the notice went out.
    expect((await noticeAudit(s.alice.id)).at(-1)).toMatchObject({
      action: 'notice.sent',
      after: { operationId: answer.operationId, email: s.alice.email },
    });
  });

  it('quotes the legend the company prints on its certificates, as §151(f) asks', async () => {
    const legend = 'THESE SHARES HAVE NOT BEEN REGISTERED <under the Securities Act>.';
    await s.db.execute(
      sql`update organization set certificate_legend = ${legend} where id = ${s.organization.id}`,
    );
    try {
      const since = smtp.mails.length;
      const res = await post(s.as.admin, {
        ShareholderId: s.bob.id,
        ShareDate: '2024-01-16',
        Shares: '1',
        Cost: '1.00',
        Type: 'New Issue',
      });
      expect(res.statusCode).toBe(201);
      const [mail] = await noticesSince(since);
      expect(mail!.text).toContain(`- New Issue: 1 share of Common Stock`);
      expect(mail!.text).toContain(`The legend on the company's certificates:\n${legend}`);
      expect(mail!.html).toContain('&lt;under the Securities Act&gt;');
    } finally {
      await s.db.execute(
        sql`update organization set certificate_legend = '' where id = ${s.organization.id}`,
      );
    }
  });

  it('sends nothing to a holder without an e-mail', async () => {
    const since = smtp.mails.length;
    const res = await post(s.as.admin, {
      ShareholderId: s.carol.id,
      ShareDate: '2024-01-15',
      Shares: '5',
      Cost: '1.00',
      Type: 'New Issue',
    });
    expect(res.statusCode).toBe(201);
    expect(await noticesSince(since)).toEqual([]);
    expect(await noticeAudit(s.carol.id)).toEqual([]);
  });
});

describe('the notices after a Transfer', () => {
  it('tells both sides what moved, from which certificate to which, and where each stands', async () => {
    const since = smtp.mails.length;
    const res = await post(s.as.admin, {
      ShareholderId: s.alice.id,
      DestinationShareholderId: s.bob.id,
      ShareDate: '2024-02-01',
      Shares: '30',
      Cost: '2.00',
      Type: 'Transfer',
      Origin: [s.certificates.cs1],
      Reason: 'secondary sale',
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<RecordTransactionResponse>();
    const made = answer.certificates[0]!.certificate;
    const mails = await noticesSince(since);
    expect(mails).toHaveLength(2);
    const [alice] = to(mails, s.alice.email);
    const [bob] = to(mails, s.bob.email);
    expect(alice!.subject).toMatch(/Notice of a change to your shares \(Transfer\)$/);
    expect(alice!.text).toContain('a transfer dated Feb 1, 2024');
    expect(alice!.text).toContain(
      '- Transfer Out: 30 shares of Common Stock from certificate CS-1, to Bob\n',
    );
    expect(alice!.text).not.toContain('Transfer In');
    expect(alice!.text).toContain('Reason: secondary sale');
    expect(alice!.text).toContain(await balanceWords(s.db, s.alice.id));
    expect(bob!.text).toContain('Dear Bob,');
    expect(bob!.text).toContain(
      `- Transfer In: 30 shares of Common Stock on new certificate ${made} (from certificate CS-1), from Alice\n`,
    );
    expect(bob!.text).not.toContain('Transfer Out');
    expect(bob!.text).toContain(await balanceWords(s.db, s.bob.id));
    expect(bob!.text).toContain(`/view?SH_UID=${s.bob.id}`);
    expect(bob!.text).not.toContain(s.alice.id);
    await expectLedgerSound(s.db);
  });

  it('through the CRM gateway: the registry provider’s Transfer notifies both sides too, once', async () => {
    const since = smtp.mails.length;
    const headers = { ...s.as.admin, 'idempotency-key': randomUUID() };
    const body = {
      objectName: 'Share_Transaction__c',
      data: {
        ShareholderId: s.bob.id,
        DestinationShareholderId: s.alice.id,
        ShareDate: '2024-02-02',
        Shares: '4',
        Cost: '5.00',
        Type: 'Transfer',
        Origin: [s.certificates.cs3],
      },
    };
    const first = await injectJson(t, 'POST', '/api/v1/registry/insert', headers, body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await injectJson(t, 'POST', '/api/v1/registry/insert', headers, body);
    expect(again.statusCode).toBe(200);
    const mails = await noticesSince(since);
    expect(to(mails, s.bob.email).map((m) => m.text)).toEqual([
      expect.stringContaining(
        '- Transfer Out: 4 shares of Common Stock from certificate CS-3, to Alice',
      ),
    ]);
    expect(to(mails, s.alice.email)).toHaveLength(1);
    expect(mails).toHaveLength(2);
  });
});

describe('what sends no notice', () => {
  it('a replay of an idempotent request: the first answer is stored, its notice went once', async () => {
    const since = smtp.mails.length;
    const key = randomUUID();
    const body = {
      ShareholderId: s.alice.id,
      ShareDate: '2024-03-01',
      Shares: '2',
      Cost: '1.00',
      Type: 'New Issue',
    };
    expect((await post(s.as.admin, body, key)).statusCode).toBe(201);
    const replay = await post(s.as.admin, body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await noticesSince(since)).toHaveLength(1);
  });

  it('a holder who turned notices off', async () => {
    const quiet = await createHolder(s.db, s.organization.id, {
      name: 'Quinn Quiet',
      email: `quiet-${randomUUID().slice(0, 8)}@example.test`,
    });
    await s.db.execute(sql`update shareholder set notices = false where id = ${quiet.id}`);
    const since = smtp.mails.length;
    const res = await post(s.as.admin, {
      ShareholderId: s.alice.id,
      DestinationShareholderId: quiet.id,
      ShareDate: '2024-03-02',
      Shares: '1',
      Cost: '1.00',
      Type: 'Transfer',
      Origin: [s.certificates.cs2],
    });
    expect(res.statusCode).toBe(201);
    // Alice still hears of it; Quinn does not.
    const mails = await noticesSince(since);
    expect(mails.map((m) => m.to)).toEqual([[s.alice.email!.toLowerCase()]]);
    expect(await noticeAudit(quiet.id)).toEqual([]);
  });

  it('an installation without SMTP_URL (its mail goes to the outbox: notices are left out)', async () => {
    const sent: unknown[] = [];
    const [op] = await rows<{ id: string }>(
      s.db,
      sql`select id from ledger_operation where organization_id = ${s.organization.id} limit 1`,
    );
    const outcomes = await sendOperationNotices(
      {
        db: s.db,
        mailer: { send: async (m) => void sent.push(m) },
        config: { ...t.config, smtpUrl: undefined },
        log: t.app.log,
      },
      { organizationId: s.organization.id, operationId: op!.id },
    );
    expect([outcomes, sent]).toEqual([[], []]);
  });
});

describe('a mail server that is down', () => {
  // Nothing listens on port 1: every send is refused at once.
  const down = useTestApp(() => ({ env: { SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM } }));
  const d = useLedgerScenario(down);

  it('never fails the posting: 201, the ledger has it, and the failure is logged and recorded', async () => {
    const res = await transactionPoster(down)(d.as.admin, {
      ShareholderId: d.alice.id,
      ShareDate: '2024-01-15',
      Shares: '10',
      Cost: '1.00',
      Type: 'New Issue',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { operationId } = res.json<RecordTransactionResponse>();
    await down.app.notices.drain();
    const [failed] = await rows<{ action: string; after: unknown }>(
      down.database.db,
      sql`select action, after from audit_entry
           where entity_type = 'shareholder' and entity_id = ${d.alice.id}`,
    );
    const after = (
      typeof failed?.after === 'string' ? JSON.parse(failed.after) : failed?.after
    ) as {
      operationId: string;
      error: { code: string };
    };
    expect(failed?.action).toBe('notice.failed');
    expect(after).toMatchObject({
      operationId,
      error: { code: expect.stringMatching(/^E[A-Z]+$/) },
    });
    expect(down.logs).toContainEqual(
      expect.objectContaining({ event: 'notice.failed', operationId, holderId: d.alice.id }),
    );
    const [op] = await rows<{ n: number }>(
      down.database.db,
      sql`select count(*)::int as n from ledger_operation where id = ${operationId}`,
    );
    expect(op!.n).toBe(1);
    await expectLedgerSound(down.database.db);
  });
});

describe('the notice after a reversal', () => {
  it('tells the holder once that the shares went back, and nothing again on a replay', async () => {
    const issued = await post(s.as.admin, {
      ShareholderId: s.bob.id,
      ShareDate: '2024-02-01',
      Shares: '40',
      Cost: '1.00',
      Type: 'New Issue',
    });
    const { operationId } = issued.json<RecordTransactionResponse>();
    await noticesSince(0);
    const since = smtp.mails.length;
    const key = randomUUID();
    const reverse = () =>
      injectJson(
        t,
        'POST',
        `/api/v1/operations/${operationId}/reverse`,
        { ...s.as.admin, 'idempotency-key': key },
        { Reason: 'Entered for the wrong holder' },
      );
    expect((await reverse()).statusCode).toBe(201);
    expect((await reverse()).statusCode).toBe(201);
    const mails = to(await noticesSince(since), s.bob.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Entered for the wrong holder');
    expect(mails[0]!.text).toContain(await balanceWords(s.db, s.bob.id));
  });
});
