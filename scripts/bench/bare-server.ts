// The bare handler: node:http + pg, no framework, no session check, no schema validation. It
// uses the pool openPostgres() builds (same size, timeouts and statement_timeout as the app) and
// sends the app's SQL, built by the modules that define it (the directory's and the statement's
// queries, the data query compiler, the ledger's posting), so the app/bare ratio is the price of
// everything else: Fastify, zod, the session lookup, the access policy, the app's route code.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { DataQueryBody } from '../../src/contract/data-api';
import { DEFAULT_TIME_ZONE, isLedgerError, todayIn, type OperationInput } from '../../src/ledger';
import { DATA_LIMITS, Deadline, readOnlySettings } from '../../src/server/db/data-lane';
import { named } from '../../src/server/db/named-statements';
import { openPostgres } from '../../src/server/db/open-database';
import { isPreconditionFailed } from '../../src/server/db/pipelined-transaction';
import { renderSql } from '../../src/server/db/sql';
import { compileQuery } from '../../src/server/data-layer/query-compiler';
import { directorySql, totalsSql } from '../../src/server/features/shareholders/list-directory';
import { companySql, historySql } from '../../src/server/features/shareholders/statement-queries';
import { errorAnswer } from '../../src/server/http/error-answer';
import {
  claimStatement,
  completeIdempotencyKey,
  releaseIdempotencyKey,
} from '../../src/server/ledger-store/idempotency';
import { postOperation, type PostedOperation } from '../../src/server/ledger-store/post-operation';
import { visibleHolderSql } from '../../src/server/ledger-store/visible-holder';
import { send, serveCapture, type BareContext } from './protocol';
import { CapturingClient, installSqlCapture } from './sql-capture';

const capture = installSqlCapture();
const ctx: BareContext = {
  organizationId: process.env.BENCH_ORGANIZATION_ID!,
  userId: process.env.BENCH_USER_ID!,
  holderId: process.env.BENCH_HOLDER_ID!,
};
const database = openPostgres(process.env.BENCH_DATABASE_URL!, undefined, {
  Client: CapturingClient,
});
const db = database.pool!;
// The organization's today, as the app computes it (the default zone).
const today = () => todayIn(DEFAULT_TIME_ZONE);

/** A drizzle statement of the app's as pg's query config. */
const asQuery = (statement: SQL): pg.QueryConfig => renderSql(statement);

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function directory(url: URL) {
  if ((url.searchParams.get('sort') ?? 'balance') !== 'balance') throw new Refusal(400, 'sort');
  if ((url.searchParams.get('dir') ?? 'desc') !== 'desc') throw new Refusal(400, 'dir');
  const pageSize = Number(url.searchParams.get('pageSize') ?? 50);
  const page = Number(url.searchParams.get('page') ?? 1);
  const search = url.searchParams.get('search') ?? undefined;
  // The app's own statements (list-directory.ts), rendered as drizzle renders them.
  const statements = directorySql(
    {
      organizationId: ctx.organizationId,
      timeZone: DEFAULT_TIME_ZONE,
      query: { search, sort: 'balance', dir: 'desc', page, pageSize },
    },
    today(),
    true,
  );
  const totals = await db.query<Record<string, string | null>>(asQuery(statements.totals));
  const rows = await db.query(asQuery(statements.page(page)));
  const t = totals.rows[0] ?? {};
  return {
    asOf: today(),
    totals: {
      shareholders: Number(t.shareholders ?? 0),
      withoutShares: Number(t.listed ?? 0) - Number(t.shareholders ?? 0),
      totalShares: t.total_shares ?? '0.00',
      common: t.common ?? '0.00',
      preferred: t.preferred ?? '0.00',
    },
    page,
    pageSize,
    total: Number((rows.rows[0] as { matching?: string } | undefined)?.matching ?? t.listed ?? 0),
    rows: rows.rows.map(({ matching: _, ...row }: { matching?: string }) => row),
  };
}

async function statement(holderId: string) {
  const asOf = today();
  const holder = await db.query<{ id: string; organization_id: string }>(
    asQuery(visibleHolderSql(ctx.organizationId, holderId)),
  );
  const found = holder.rows[0];
  if (!found) throw new Refusal(404, 'SHAREHOLDER.NOT_FOUND');
  // As get-statement.ts: the company, the history and the totals the percentages divide by.
  const [company, history, totals] = await Promise.all([
    db.query(asQuery(companySql(found.organization_id))),
    db.query<{ running_balance: string }>(asQuery(historySql(found.id, asOf))),
    db.query(asQuery(totalsSql(found.organization_id, asOf, true, DEFAULT_TIME_ZONE))),
  ]);
  const lines = history.rows.map((row) => ({ ...row, balance: row.running_balance }));
  return {
    company: company.rows[0],
    asOf,
    holder: found,
    totals: { balance: lines.at(-1)?.balance ?? '0.00', of: totals.rows[0] },
    history: lines,
  };
}

interface TransferBody {
  ShareholderId: string;
  DestinationShareholderId: string;
  ShareDate: string;
  Shares: string;
  Cost?: string;
  Type: string;
  Origin: string[];
}

/** The answer record-transaction.ts stores: what the operation created. */
const answerOf = (posted: PostedOperation) => ({
  operationId: posted.operationId,
  type: posted.type,
  certificates: posted.certificates,
  transactions: posted.transactions.map(
    ({ id, certificate, type, shares, cost, date, origin }) => ({
      ...{ id, certificate, type, shares, cost, date, origin },
    }),
  ),
});

/**
 * record-transaction.ts without the route: the key claimed ahead of BEGIN, then the ledger's own
 * posting (post-operation.ts: its locks, its plan, its one write statement) with COMMIT, in the
 * app's pipelined transaction; a refusal stored under the key.
 */
async function transaction(req: IncomingMessage, raw: string) {
  const header = req.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw new Refusal(400, 'IDEMPOTENCY.KEY_REQUIRED');
  const body = JSON.parse(raw) as TransferBody;
  if (body.Type !== 'Transfer') throw new Refusal(400, 'VALIDATION');
  const scope = `user:${ctx.userId}`;
  const hash = createHash('sha256').update(raw).digest('hex');
  const input: OperationInput = {
    type: 'Transfer',
    holderId: body.ShareholderId,
    toHolderId: body.DestinationShareholderId,
    date: body.ShareDate,
    today: today(),
    shares: body.Shares,
    cost: body.Cost ?? null,
    originCertificateIds: body.Origin,
  };
  let claimed = false;
  try {
    const posted = await database.ledgerTransaction(
      (lt) =>
        postOperation(lt, {
          organizationId: ctx.organizationId,
          input,
          actor: { userId: ctx.userId, holderId: ctx.holderId },
          requestId: randomUUID(),
          idempotencyKey: key,
          commit: true,
          answer: { scope, key, status: 201, body: answerOf },
        }),
      {
        precondition: {
          statement: claimStatement({ scope, key, hash }),
          holds: (inserted) => (claimed = inserted.length > 0),
        },
      },
    );
    return { status: 201, body: posted.storedBody };
  } catch (err) {
    if (isPreconditionFailed(err)) throw new Refusal(409, 'IDEMPOTENCY.IN_FLIGHT');
    if (!isLedgerError(err)) {
      if (claimed) await releaseIdempotencyKey(database.db, { scope, key }).catch(() => undefined);
      throw err;
    }
    const answer = errorAnswer(err);
    await completeIdempotencyKey(database.db, { scope, key, answer });
    return answer;
  }
}

const STATEMENT = /^\/api\/v1\/shareholders\/([0-9a-f-]{36})\/statement$/i;

/**
 * pipelined-transaction.ts: the statements sent without waiting (pg's pipeline mode, as the
 * pool's), answered in order; the first failure is thrown once all have answered.
 */
async function together(client: pg.PoolClient, statements: pg.QueryConfig[]) {
  const pending = statements.map((s) => client.query(named(client, s)));
  const settled = await Promise.allSettled(pending);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<pg.QueryResult>).value);
}

/** features/data-api run-query.ts: the query compiled by the app's compiler, read only. */
async function dataQuery(raw: string) {
  // Unvalidated: the bench sends one well-formed query (the app checks it with the contract's schema).
  const body = JSON.parse(raw) as DataQueryBody;
  const client = await db.connect();
  try {
    // As the data lane's readRows (data-lane.ts): the four statements leave together.
    const [, , found] = await together(client, [
      { text: 'begin' },
      asQuery(readOnlySettings(new Deadline(DATA_LIMITS))),
      asQuery(compileQuery(body, ctx.organizationId)),
      { text: 'commit' },
    ]);
    return found!.rows as Record<string, unknown>[];
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
  const url = new URL(req.url ?? '/', 'http://bare');
  try {
    if (req.method === 'GET' && url.pathname === '/api/v1/shareholders') {
      reply(res, 200, await directory(url));
      return;
    }
    const match = req.method === 'GET' ? STATEMENT.exec(url.pathname) : null;
    if (match) {
      reply(res, 200, await statement(match[1]!));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/api/v1/mysql/query') {
      reply(res, 200, await dataQuery(raw));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/api/v1/transactions') {
      const answer = await transaction(req, raw);
      reply(res, answer.status, answer.body);
      return;
    }
    reply(res, 404, { code: 'NOT_FOUND', message: 'Not found.' });
  } catch (err) {
    if (err instanceof Refusal) reply(res, err.status, { code: err.code, message: err.code });
    else reply(res, 500, { code: 'INTERNAL', message: String(err) });
  }
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => void handle(req, res, Buffer.concat(chunks).toString('utf8')));
});

server.listen(Number(process.env.BENCH_PORT), '127.0.0.1', () => {
  send({ type: 'listening', port: Number(process.env.BENCH_PORT) });
});
serveCapture(capture, () => {
  server.close();
  void database.close().finally(() => process.exit(0));
});
