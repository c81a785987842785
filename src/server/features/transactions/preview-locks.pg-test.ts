// PostgreSQL only: the review step's preview reads the rows a posting locks, without locking
// them, so a review never waits for (nor makes wait) a posting in flight.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { injectJson } from '../../test-support/inject-json';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();

it('answers while another transaction holds the certificate and the holders locked', async () => {
  const transfer = {
    ShareholderId: s.alice.id,
    DestinationShareholderId: s.bob.id,
    ShareDate: '2024-01-02',
    Shares: '5',
    Type: 'Transfer',
    Origin: [s.certificates.cs1],
  };
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select id from certificate where id = ${s.certificates.cs1} for update`);
    await tx.execute(
      sql`select id from shareholder where id in (${s.alice.id}, ${s.bob.id}) for update`,
    );
    const preview = injectJson(t, 'POST', '/api/v1/transactions/preview', s.as.admin, transfer);
    const waited = new Promise<'waited'>((done) => setTimeout(() => done('waited'), 5000));
    const answer = await Promise.race([preview, waited]);
    expect(answer).not.toBe('waited');
    expect(answer === 'waited' ? 0 : answer.statusCode).toBe(200);
  });
});
