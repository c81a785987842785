// PostgreSQL only (checklist LED-09 / DUR-01): the real server, in its own process, is killed
// with SIGKILL at a random point of a storm of transfers, restarted on the same database, and
// every Idempotency-Key is sent again. Each key must have had exactly one effect, the answers
// given before the kill must be replayed as they were, no operation may be partial, and
// ledger_invariants() must be empty. Three trials (the checklist's 20 cost too much CI time).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHolder, signInAs } from '../test-support/fixtures';
import { killServers, spawnServer, type ServerProcess } from '../test-support/spawn-server';
import { TEST_SESSION_SECRET, createTestApp, type TestApp } from '../test-support/test-app';
import { createTestDatabase } from '../test-support/test-database';
import { ledgerInvariants } from './invariants';
import { rows } from '../db/sql';
import { stormLedger } from '../test-support/storm';

const TRIALS = 3;
const TRANSFERS = 300;
const SHARES = 200;
/** Requests in flight at once, like a busy client pool. */
const CONCURRENCY = 20;

let t: TestApp;
let env: Record<string, string>;
const dataDir = mkdtempSync(join(tmpdir(), 'registry-kill-'));
beforeAll(async () => {
  const database = await createTestDatabase();
  // The in-process app only signs the administrators in: same database, secret and origin.
  t = await createTestApp({ database });
  env = {
    DATABASE_URL: database.pool!.options.connectionString!,
    SESSION_SECRET: TEST_SESSION_SECRET,
    PUBLIC_URL: t.config.publicUrl,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
  };
});
afterAll(async () => {
  killServers();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ server: ServerProcess; url: string }> {
  const server = spawnServer(env);
  // It prints localhost; it listens on 127.0.0.1.
  const url = (await server.ready).replace('localhost', '127.0.0.1');
  return { server, url };
}

interface Answer {
  status: number;
  body: unknown;
}

/** Runs `work` over `items`, at most CONCURRENCY at a time, until stop() says so. */
async function pool<T>(items: T[], work: (item: T) => Promise<void>, stop = () => false) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length && !stop()) await work(items[next++]!);
    }),
  );
}

describe('kill -9 during a storm, restart, re-submit every key', () => {
  it(`leaves every key with exactly one effect and no partial operation (${TRIALS} trials)`, async () => {
    let current = await start();
    for (let trial = 1; trial <= TRIALS; trial++) {
      const db = t.database.db;
      const s = await stormLedger(t.database, SHARES, `Crash ${trial}, Inc.`);
      const admin = await createHolder(db, s.organizationId, {
        name: 'Crash Admin',
        email: `crash-admin-${randomUUID()}@example.test`,
        isAdmin: true,
      });
      const headers = { ...(await signInAs(t, admin.email!)), 'content-type': 'application/json' };
      const requests = Array.from({ length: TRANSFERS }, (_, i) => ({
        key: `crash-${trial}-${i}-${randomUUID()}`,
        body: JSON.stringify({
          ShareholderId: s.senderId,
          DestinationShareholderId: s.recipients[i % s.recipients.length]!,
          ShareDate: '2024-02-01',
          Shares: '1',
          Cost: '2.00',
          Type: 'Transfer',
          Origin: [s.origin],
        }),
      }));
      const send = async (url: string, r: (typeof requests)[number]): Promise<Answer> => {
        const res = await fetch(`${url}/api/v1/transactions`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': r.key },
          body: r.body,
        });
        return { status: res.status, body: await res.json() };
      };

      // The storm, killed after a random number of answers.
      const killAfter = 20 + Math.floor(Math.random() * (TRANSFERS - 120));
      const before = new Map<string, Answer>();
      let inFlight = 0;
      let inFlightAtKill = -1;
      const { server, url } = current;
      await pool(
        requests,
        async (r) => {
          inFlight++;
          try {
            before.set(r.key, await send(url, r));
          } catch {
            // Connection reset by the kill: the outcome is unknown to the client.
          } finally {
            inFlight--;
          }
          if (before.size >= killAfter && inFlightAtKill < 0) {
            inFlightAtKill = inFlight;
            server.child.kill('SIGKILL');
          }
        },
        () => inFlightAtKill >= 0,
      );
      await server.exited;
      expect(inFlightAtKill).toBeGreaterThan(0);

      // A claim the dead server left in flight blocks its key for 60 s: the client's wait.
      const abandoned = await rows<{ key: string }>(
        db,
        sql`update idempotency_key set locked_until = now() - interval '1 second'
             where state = 'in_flight' returning key`,
      );
      console.log(
        `trial ${trial}: killed after ${before.size} answers with ${inFlightAtKill} requests in flight, ${abandoned.length} keys claimed but unanswered`,
      );
      current = await start();
      const after = new Map<string, Answer>();
      await pool(requests, async (r) => void after.set(r.key, await send(current.url, r)));

      // Every key has its one answer; those given before the kill are replayed as they were.
      for (const r of requests) {
        const answer = after.get(r.key)!;
        expect([201, 409]).toContain(answer.status);
        if (answer.status === 409) {
          expect(answer.body).toMatchObject({ code: 'LEDGER.INSUFFICIENT_SHARES' });
        }
        const first = before.get(r.key);
        if (first) expect(answer).toEqual(first);
      }
      const accepted = requests.filter((r) => after.get(r.key)!.status === 201);
      expect(accepted).toHaveLength(SHARES);

      // Exactly one operation per accepted key, none for a refused one; each operation whole.
      const operations = await rows<{
        key: string | null;
        transactions: number;
        audit: number;
      }>(
        db,
        sql`select o.idempotency_key as key,
                   (select count(*)::int from share_transaction t where t.operation_id = o.id)
                     as transactions,
                   (select count(*)::int from audit_entry a where a.operation_id = o.id) as audit
              from ledger_operation o where o.organization_id = ${s.organizationId}`,
      );
      const transfers = operations.filter((o) => o.key !== null);
      expect(transfers.map((o) => o.key).sort()).toEqual(accepted.map((r) => r.key).sort());
      for (const o of operations) {
        expect(o.transactions).toBe(o.key === null ? 1 : 2);
        expect(o.audit).toBe(1);
      }
      const [left] = await rows<{ balance: string; open: number }>(
        db,
        sql`select (select balance::text from certificate where id = ${s.origin}) as balance,
                   (select count(*)::int from idempotency_key where state = 'in_flight') as open`,
      );
      expect(left).toEqual({ balance: '0.00', open: 0 });
      expect(await ledgerInvariants(db)).toEqual([]);
    }
    current.server.child.kill('SIGKILL');
    await current.server.exited;
  }, 240_000);
});
