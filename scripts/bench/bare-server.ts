// The bare handler: node:http + pg, no framework, no session check, no schema validation. It
// uses the pool openPostgres() builds (same size, timeouts and statement_timeout as the app) and
// sends the app's SQL (bare-sql.ts), so the app/bare ratio is the price of everything else:
// Fastify, zod, the session lookup, the access policy, and the app's own JS per request.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import { DEFAULT_TIME_ZONE, formatAmount, parseSignedAmount, todayIn } from '../../src/ledger';
import { openPostgres } from '../../src/server/db/open-database';
import { renderSql } from '../../src/server/db/sql';
import { directorySql } from '../../src/server/features/shareholders/list-directory';
import { named } from '../../src/server/db/named-statements';
import { formatTenThousandths } from '../../src/server/ledger-store/amounts';
import { answerTemplate } from '../../src/server/ledger-store/answer-template';
import * as q from './bare-sql';
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
  const holder = await db.query<{ id: string; organization_id: string }>(q.VISIBLE_HOLDER, [
    holderId,
    ctx.organizationId,
  ]);
  const found = holder.rows[0];
  if (!found) throw new Refusal(404, 'SHAREHOLDER.NOT_FOUND');
  const company = await db.query(q.STATEMENT_COMPANY, [found.organization_id]);
  const history = await db.query<{ running_balance: string }>(q.STATEMENT_HISTORY, [
    found.id,
    asOf,
  ]);
  const lines = history.rows.map((row) => ({ ...row, balance: row.running_balance }));
  return {
    company: company.rows[0],
    asOf,
    holder: found,
    totals: { balance: lines.at(-1)?.balance ?? '0.00' },
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

interface Origin {
  id: string;
  holder_id: string;
  class_type: 'common' | 'preferred';
  balance: string;
  effective_date: string;
  cost: string;
  number: number;
  prefix: string;
}

interface Holder {
  id: string;
  name: string;
  active: boolean;
  common_shares: string;
  preferred_shares: string;
  held_cost: string;
}

const RETRYABLE = new Set(['40001', '40P01']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sortedUnique = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))].sort();

/** post-operation.ts for a Transfer: the same statements, in the same order, in one transaction. */
async function postTransfer(
  client: pg.PoolClient,
  body: TransferBody,
  key: string,
  requestId: string,
  /** The claim of the key, sent ahead of BEGIN on the first attempt (the app's precondition). */
  claim: pg.QueryConfig | null,
) {
  const shares = parseSignedAmount(body.Shares);
  const cost = parseSignedAmount(body.Cost ?? '0');
  const from = body.ShareholderId.toLowerCase();
  const to = body.DestinationShareholderId.toLowerCase();
  const chosen = body.Origin.map((id) => id.toLowerCase());
  const originIds = sortedUnique(chosen);
  const parties = sortedUnique([from, to]);
  const flight = await together(client, [
    ...(claim ? [claim] : []),
    { text: 'begin' },
    { text: q.lockOrigins(originIds.length), values: [...originIds, ctx.organizationId] },
    {
      text: q.lockHolders(parties.length, originIds.length),
      values: [ctx.organizationId, ...parties, ...originIds, ctx.organizationId],
    },
  ]);
  if (claim && flight[0]!.rowCount === 0) throw new Refusal(409, 'IDEMPOTENCY.IN_FLIGHT');
  const [, lockedOrigins, lockedHolders] = claim ? flight.slice(1) : flight;
  const origins = lockedOrigins!.rows as Origin[];
  const holders = lockedHolders!.rows as Holder[];

  // The refusals a 1-share transfer can meet (planOperation's order).
  const holderById = new Map(holders.map((h) => [h.id, h]));
  if (!holderById.get(from)?.active) throw new Refusal(422, 'LEDGER.HOLDER_INACTIVE');
  if (to === from) throw new Refusal(422, 'LEDGER.RECIPIENT_IS_SENDER');
  if (!holderById.get(to)?.active) throw new Refusal(422, 'LEDGER.RECIPIENT_INACTIVE');
  const originById = new Map(origins.map((o) => [o.id, o]));
  const ordered = chosen.map((id) => {
    const origin = originById.get(id);
    if (!origin || origin.holder_id !== from) throw new Refusal(422, 'LEDGER.ORIGIN_NOT_OWNED');
    if (parseSignedAmount(origin.balance) <= 0n) throw new Refusal(409, 'LEDGER.ORIGIN_EMPTY');
    if (body.ShareDate < origin.effective_date) throw new Refusal(422, 'LEDGER.DATE_BEFORE_ORIGIN');
    return origin;
  });
  const available = ordered.reduce((sum, o) => sum + parseSignedAmount(o.balance), 0n);
  if (available < shares) throw new Refusal(409, 'LEDGER.INSUFFICIENT_SHARES');

  const operationId = randomUUID();
  let remaining = shares;
  const legs: Array<{ origin: Origin; taken: bigint; newId: string }> = [];
  for (const origin of ordered) {
    if (remaining === 0n) break;
    const balance = parseSignedAmount(origin.balance);
    const taken = balance < remaining ? balance : remaining;
    remaining -= taken;
    legs.push({ origin, taken, newId: randomUUID() });
  }
  const moved = legs.reduce((sum, l) => sum + l.taken, 0n);
  const fromCost = legs.reduce((sum, l) => sum + l.taken * parseSignedAmount(l.origin.cost), 0n);
  const preferredMoved = legs
    .filter((l) => l.origin.class_type === 'preferred')
    .reduce((sum, l) => sum + l.taken, 0n);
  const deltas = new Map([
    [from, { common: -(moved - preferredMoved), preferred: -preferredMoved, heldCost: -fromCost }],
    [to, { common: moved - preferredMoved, preferred: preferredMoved, heldCost: moved * cost }],
  ]);

  const before = {
    certificates: Object.fromEntries(origins.map((o) => [o.id, { balance: o.balance }])),
    holders: Object.fromEntries(
      holders
        .filter((h) => deltas.has(h.id))
        .map((h) => [
          h.id,
          { common: h.common_shares, preferred: h.preferred_shares, heldCost: h.held_cost },
        ]),
    ),
  };
  const after = {
    request: {
      type: body.Type,
      holderId: from,
      toHolderId: to,
      date: body.ShareDate,
      shares: body.Shares,
      cost: body.Cost ?? null,
      originCertificateIds: chosen,
      classType: null,
      notes: null,
    },
    certificates: Object.fromEntries(
      legs.map((l) => [
        l.origin.id,
        { balance: formatAmount(parseSignedAmount(l.origin.balance) - l.taken) },
      ]),
    ),
    newCertificates: legs.map((l) => ({
      id: l.newId,
      holderId: to,
      classType: l.origin.class_type,
      origin: l.origin.id,
      cost: formatAmount(cost),
    })),
    holders: Object.fromEntries(
      holders
        .filter((h) => deltas.has(h.id))
        .map((h) => {
          const d = deltas.get(h.id)!;
          return [
            h.id,
            {
              common: formatAmount(parseSignedAmount(h.common_shares) + d.common),
              preferred: formatAmount(parseSignedAmount(h.preferred_shares) + d.preferred),
            },
          ];
        }),
    ),
    entries: legs.flatMap((l) => [
      {
        certificate: l.origin.id,
        type: 'Transferred',
        shares: formatAmount(-l.taken),
        cost: formatAmount(cost),
      },
      {
        certificate: l.newId,
        type: 'Issued: transfer',
        shares: formatAmount(l.taken),
        cost: formatAmount(cost),
      },
    ]),
  };
  const certUpdates = legs
    .map((l) => [l.origin.id, formatAmount(-l.taken)] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const holderUpdates = [...deltas].sort(([a], [b]) => (a < b ? -1 : 1));
  const transactions = legs.flatMap((l) => [
    {
      id: randomUUID(),
      certificateId: l.origin.id,
      type: 'Transferred',
      shares: formatAmount(-l.taken),
      originId: null as string | null,
      counterparty: to,
      preferred: l.origin.class_type === 'preferred',
      leg: l,
    },
    {
      id: randomUUID(),
      certificateId: l.newId,
      type: 'Issued: transfer',
      shares: formatAmount(l.taken),
      originId: l.origin.id,
      counterparty: from,
      preferred: l.origin.class_type === 'preferred',
      leg: l,
    },
  ]);
  // The answer, its new certificates' numbers filled in by the write, as post-operation.ts does.
  const originLabel = (l: (typeof legs)[number]) => `${l.origin.prefix}${l.origin.number}`;
  const answerBody = (numberOf: (i: number) => { number: number; certificate: string }) => ({
    operationId,
    type: 'Transfer',
    certificates: legs.map((l, i) => ({
      id: l.newId,
      ...numberOf(i),
      classType: l.origin.class_type,
      holderId: to,
      holderName: holderById.get(to)?.name ?? '',
      balance: formatAmount(l.taken),
      cost: formatAmount(cost),
      effectiveDate: body.ShareDate,
      origin: originLabel(l),
    })),
    transactions: transactions.map((t) => ({
      id: t.id,
      certificate:
        t.originId === null ? originLabel(t.leg) : numberOf(legs.indexOf(t.leg)).certificate,
      type: t.type,
      shares: t.shares,
      cost: formatAmount(cost),
      date: body.ShareDate,
      origin: t.originId === null ? null : originLabel(t.leg),
    })),
  });
  const template = answerTemplate(answerBody);
  const [written] = await together(client, [
    {
      text: q.transferWrites(legs.length, holderUpdates.length),
      values: [
        ...[operationId, ctx.organizationId, 'Transfer', ctx.userId, requestId, key, null],
        ...certUpdates.flat(),
        ...holderUpdates.flatMap(([id, d]) => [
          id,
          formatAmount(d.common),
          formatAmount(d.preferred),
          formatTenThousandths(d.heldCost),
        ]),
        ...[ctx.organizationId, ctx.userId, ctx.holderId, 'ledger.Transfer', operationId],
        ...[operationId, requestId, null, JSON.stringify(before), JSON.stringify(after)],
        ...[legs.length, ctx.organizationId, legs.length],
        ctx.organizationId,
        ...legs.flatMap((l, i) => [
          l.newId,
          i,
          to,
          l.origin.class_type,
          body.ShareDate,
          l.origin.id,
          formatAmount(l.taken),
          formatAmount(cost),
        ]),
        ctx.organizationId,
        ...transactions.flatMap((t) => [
          t.id,
          operationId,
          t.certificateId,
          t.preferred,
          t.originId,
          t.counterparty,
          t.shares,
          t.type,
          body.ShareDate,
          '',
          formatAmount(cost),
          null,
          ctx.userId,
          ...(t.originId === null
            ? [t.leg.origin.holder_id, t.leg.origin.number, t.leg.origin.prefix, t.leg.origin.cost]
            : [to, legs.indexOf(t.leg), legs.indexOf(t.leg), formatAmount(cost)]),
          ...(t.originId === null ? [] : [t.leg.origin.number, t.leg.origin.prefix]),
        ]),
        ...[201, template.parts, template.holes.map((h) => h.kind)],
        template.holes.map((h) => h.index),
        ...[`user:${ctx.userId}`, key],
      ],
    },
    { text: 'commit' },
  ]);
  const { numbers } = written!.rows[0] as { numbers: { number: number; label: string }[] };
  return answerBody((i) => ({ number: numbers[i]!.number, certificate: numbers[i]!.label }));
}

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

/** record-transaction.ts: claim the key, post in one transaction (retried), store the answer. */
async function transaction(req: IncomingMessage, raw: string) {
  const header = req.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw new Refusal(400, 'IDEMPOTENCY.KEY_REQUIRED');
  const body = JSON.parse(raw) as TransferBody;
  if (body.Type !== 'Transfer') throw new Refusal(400, 'VALIDATION');
  const scope = `user:${ctx.userId}`;
  const hash = createHash('sha256').update(raw).digest('hex');
  const requestId = randomUUID();
  for (let attempt = 1; ; attempt++) {
    const client = await db.connect();
    let released = false;
    try {
      const claim = attempt === 1 ? { text: q.CLAIM_KEY, values: [scope, key, hash, 60] } : null;
      const answer = await postTransfer(client, body, key, requestId, claim);
      client.release();
      released = true;
      return { status: 201, body: answer };
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      client.release();
      released = true;
      if (err instanceof Refusal) {
        const answer = { code: err.code, message: err.code };
        // The key is another request's: nothing of this one to store.
        if (err.code === 'IDEMPOTENCY.IN_FLIGHT') return { status: err.status, body: answer };
        await db.query(q.COMPLETE_KEY, [err.status, JSON.stringify(answer), scope, key]);
        return { status: err.status, body: answer };
      }
      const code = (err as { code?: string }).code ?? '';
      if (!RETRYABLE.has(code) || attempt >= 5) {
        await db.query(q.RELEASE_KEY, [scope, key]).catch(() => undefined);
        throw err;
      }
      await sleep(Math.random() * 10 * 2 ** attempt);
    } finally {
      if (!released) client.release();
    }
  }
}

const STATEMENT = /^\/api\/v1\/shareholders\/([0-9a-f-]{36})\/statement$/i;

interface DataQuery {
  filters: { tenant_id: string; last_name: { value: string }; status: { value: string[] } };
  limit: number;
}

/** features/data-api run-query.ts for the bench's one query shape: the same four statements. */
async function dataQuery(raw: string) {
  const body = JSON.parse(raw) as DataQuery;
  const pattern = `%${body.filters.last_name.value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const client = await db.connect();
  try {
    // As data-sql.ts readOnlyRows: the four statements leave together.
    const [, , found] = await together(client, [
      { text: 'begin' },
      { text: q.DATA_READ_ONLY, values: ['5000'] },
      {
        text: q.DATA_QUERY_PAGE,
        values: [
          ctx.organizationId,
          body.filters.tenant_id,
          pattern,
          ...body.filters.status.value,
          body.limit,
          0,
        ],
      },
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
