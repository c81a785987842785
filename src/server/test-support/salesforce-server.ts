import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compare, type FieldNames, parseSoql, runSoql, SoqlError } from './soql-engine';
import { fail, HttpAnswer, jsonBody, parseJson, refuse, Refusal } from './salesforce-answers';
import { readSosl, SoslError } from './sosl-reader';

// A local server that speaks the parts of Salesforce's REST API the connector uses, shaped as
// Salesforce documents them: the OAuth 2.0 client-credentials token, query with paging
// (nextRecordsUrl), sobjects create/read/update/delete, SOSL search and Apex REST. An external
// service for tests, like the local OpenID provider and the SMTP catcher. Objects are
// schema-less, but each knows its fields (the seeded keys, Id, Name and CreatedDate), so that an
// unknown field is refused as Salesforce refuses it.

type Row = Record<string, unknown>;
export type ApexHandler = (body: unknown, params: URLSearchParams) => unknown;

export interface SalesforceServerOptions {
  clientId?: string;
  clientSecret?: string;
  /** Records per query page (Salesforce's default is 2,000). */
  batchSize?: number;
}

export interface SalesforceServer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Declares an object (with no records, its fields are Id, Name, CreatedDate) and adds rows. */
  seed(objectName: string, records: Row[]): void;
  /** A copy of an object's records as stored (no `attributes`). */
  records(objectName: string): Row[];
  /** Answers METHOD /services/apexrest/{path}; a handler that throws is a 500 APEX_ERROR. */
  apex(method: string, path: string, handler: ApexHandler): void;
  expireTokens(): void;
  /** Waits this long before answering any request (to test the client's timeout). */
  setDelay(ms: number): void;
  setBatchSize(n: number): void;
  tokenRequests(): number;
  /** The SOQL and SOSL statements received, in order. */
  statements: string[];
  /** "METHOD path" of every request under /services, in order. */
  requests: string[];
  close(): Promise<void>;
}

interface SObject {
  name: string;
  prefix: string;
  fields: Map<string, string>;
  rows: Row[];
}

const API = /^\/services\/data\/(v\d+\.\d)(\/.*)$/;
const APEX = '/services/apexrest/';
/** Key prefixes of a few standard objects; custom objects get a01, a02, ... */
const STANDARD_PREFIXES: Record<string, string> = {
  account: '001',
  contact: '003',
  user: '005',
  opportunity: '006',
  lead: '00Q',
  case: '500',
};
const CHECKSUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const NOT_FOUND = 'The requested resource does not exist';

/** An 18-character Id: the 15-character one and Salesforce's case-safe checksum. */
export function salesforceId(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) if (/[A-Z]/.test(id15[chunk * 5 + i]!)) bits |= 1 << i;
    suffix += CHECKSUM[bits];
  }
  return id15 + suffix;
}

class LocalSalesforce {
  url = '';
  batchSize: number;
  delay = 0;
  tokenCount = 0;
  readonly statements: string[] = [];
  readonly requests: string[] = [];
  private readonly objects = new Map<string, SObject>();
  private readonly tokens = new Set<string>();
  private readonly apexHandlers = new Map<string, ApexHandler>();
  private readonly cursors = new Map<string, { rows: Row[]; totalSize: number; batch: number }>();
  private serial = 0;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
    batchSize: number,
  ) {
    this.batchSize = batchSize;
  }

  object(name: string): SObject | undefined {
    return this.objects.get(name.toLowerCase());
  }

  declare(name: string): SObject {
    const known = this.object(name);
    if (known) return known;
    const customs = [...this.objects.values()].filter((o) => o.prefix.startsWith('a')).length;
    const prefix =
      STANDARD_PREFIXES[name.toLowerCase()] ?? `a${(customs + 1).toString(36).padStart(2, '0')}`;
    const created: SObject = { name, prefix, fields: new Map(), rows: [] };
    for (const f of ['Id', 'Name', 'CreatedDate']) created.fields.set(f.toLowerCase(), f);
    this.objects.set(name.toLowerCase(), created);
    return created;
  }

  seed(name: string, records: Row[]) {
    const o = this.declare(name);
    for (const r of records) {
      for (const k of Object.keys(r))
        if (!o.fields.has(k.toLowerCase())) o.fields.set(k.toLowerCase(), k);
      o.rows.push({ ...r, Id: r.Id ?? this.newId(o) });
    }
  }

  apex(method: string, path: string, handler: ApexHandler) {
    this.apexHandlers.set(`${method.toUpperCase()} ${path.replace(/^\/+/, '')}`, handler);
  }

  expireTokens() {
    this.tokens.clear();
  }

  private newId(o: SObject): string {
    return salesforceId(`${o.prefix}000${(++this.serial).toString(36).padStart(9, '0')}`);
  }

  private withAttributes(o: SObject, row: Row, version: string): Row {
    const url = `/services/data/${version}/sobjects/${o.name}/${String(row.Id)}`;
    return { attributes: { type: o.name, url }, ...row };
  }

  async handle(req: IncomingMessage, body: string): Promise<HttpAnswer> {
    if (this.delay > 0) await new Promise((r) => setTimeout(r, this.delay));
    const { pathname, searchParams } = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    this.requests.push(`${method} ${pathname}`);
    if (pathname === '/services/oauth2/token')
      return method === 'POST' ? this.token(body) : fail(405, 'METHOD_NOT_ALLOWED', method);
    const api = API.exec(pathname);
    if (!api && !pathname.startsWith(APEX)) return fail(404, 'NOT_FOUND', NOT_FOUND);
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !this.tokens.has(bearer))
      return fail(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
    if (!api) return this.apexCall(method, pathname.slice(APEX.length), body, searchParams);
    return this.data(req, api[1]!, api[2]!, body, searchParams);
  }

  private token(body: string): HttpAnswer {
    this.tokenCount++;
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'client_credentials')
      return new HttpAnswer(400, {
        error: 'unsupported_grant_type',
        error_description: 'grant type not supported',
      });
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret)
      return new HttpAnswer(400, {
        error: 'invalid_client',
        error_description: 'invalid client credentials',
      });
    const accessToken = `00D000000000001!${randomBytes(24).toString('base64url')}`;
    this.tokens.add(accessToken);
    return new HttpAnswer(200, {
      access_token: accessToken,
      instance_url: this.url,
      id: `${this.url}/id/00D000000000001AAA/005000000000001AAA`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      signature: randomBytes(32).toString('base64'),
    });
  }

  /** Sforce-Query-Options: batchSize=n (200 to 2,000), never above the server's own batch. */
  private batchFor(req: IncomingMessage): number {
    const asked = /batchSize=(\d+)/.exec(String(req.headers['sforce-query-options'] ?? ''))?.[1];
    if (asked === undefined) return this.batchSize;
    const n = Number(asked);
    if (n < 200 || n > 2000)
      throw refuse(400, 'INVALID_BATCH_SIZE', 'batchSize must be between 200 and 2000');
    return Math.min(n, this.batchSize);
  }

  private data(
    req: IncomingMessage,
    version: string,
    rest: string,
    body: string,
    q: URLSearchParams,
  ) {
    const method = req.method ?? 'GET';
    if (/^\/query\/?$/.test(rest) && method === 'GET')
      return this.query(version, q.get('q'), this.batchFor(req));
    const locator = /^\/query\/([\w-]+)$/.exec(rest)?.[1];
    if (locator && method === 'GET') return this.more(version, locator);
    if (/^\/search\/?$/.test(rest) && method === 'GET') return this.search(version, q.get('q'));
    const sobject = /^\/sobjects\/([^/]+)(?:\/([^/]*))?$/.exec(rest);
    if (sobject) return this.sobjects(method, version, sobject[1]!, sobject[2] ?? '', body);
    return fail(404, 'NOT_FOUND', NOT_FOUND);
  }

  private query(version: string, soql: string | null, batch: number): HttpAnswer {
    if (!soql) return fail(400, 'MALFORMED_QUERY', 'A query string has to be specified');
    this.statements.push(soql);
    const parsed = parseSoql(
      soql,
      (name) => this.object(name)?.name,
      (name): FieldNames => this.object(name)!.fields,
    );
    const o = this.object(parsed.objectName)!;
    const rows = runSoql(
      parsed,
      o.rows.map((r) => this.withAttributes(o, r, version)),
    );
    return this.page(version, rows, rows.length, batch);
  }

  private page(version: string, rows: Row[], totalSize: number, batch: number): HttpAnswer {
    const rest = rows.slice(batch);
    const answer: Row = {
      totalSize,
      done: rest.length === 0,
      records: rows.slice(0, batch),
    };
    if (rest.length > 0) {
      const locator = `01g${randomBytes(6).toString('hex')}-${totalSize - rest.length}`;
      this.cursors.set(locator, { rows: rest, totalSize, batch });
      answer.nextRecordsUrl = `/services/data/${version}/query/${locator}`;
    }
    return new HttpAnswer(200, answer);
  }

  private more(version: string, locator: string): HttpAnswer {
    const cursor = this.cursors.get(locator);
    if (!cursor) return fail(400, 'INVALID_QUERY_LOCATOR', 'invalid query locator');
    this.cursors.delete(locator);
    return this.page(version, cursor.rows, cursor.totalSize, cursor.batch);
  }

  private search(version: string, sosl: string | null): HttpAnswer {
    if (!sosl) return fail(400, 'MALFORMED_SEARCH', 'A search string has to be specified');
    this.statements.push(sosl);
    const s = readSosl(sosl, (name) => this.object(name)?.fields);
    const targets = s.objectName ? [this.object(s.objectName)!] : [...this.objects.values()];
    const found = targets.flatMap((o) =>
      this.ordered(o, s.orderBy)
        .filter((r) => Object.values(r).some((v) => typeof v === 'string' && s.matches(v)))
        .map((r) => {
          const fields = s.fields.map((f) => o.fields.get(f.toLowerCase())!);
          const picked = Object.fromEntries(fields.map((f) => [f, r[f] ?? null]));
          return this.withAttributes(o, picked, version);
        }),
    );
    return new HttpAnswer(200, { searchRecords: found.slice(s.offset, s.offset + s.limit) });
  }

  private ordered(o: SObject, orderBy: { field: string; descending: boolean } | undefined) {
    if (!orderBy) return o.rows;
    const field = o.fields.get(orderBy.field.toLowerCase())!;
    const sign = orderBy.descending ? -1 : 1;
    return [...o.rows].sort((a, b) => sign * compare(a[field], b[field]));
  }

  private sobjects(method: string, version: string, name: string, id: string, body: string) {
    const o = this.object(name);
    if (!o) return fail(404, 'NOT_FOUND', NOT_FOUND);
    if (!id)
      return method === 'POST' ? this.create(o, body) : fail(405, 'METHOD_NOT_ALLOWED', method);
    const index = o.rows.findIndex((r) => String(r.Id).toLowerCase() === id.toLowerCase());
    if (index < 0) return fail(404, 'NOT_FOUND', NOT_FOUND);
    if (method === 'GET')
      return new HttpAnswer(200, this.withAttributes(o, o.rows[index]!, version));
    if (method === 'DELETE') {
      o.rows.splice(index, 1);
      return new HttpAnswer(204);
    }
    if (method !== 'PATCH') return fail(405, 'METHOD_NOT_ALLOWED', method);
    o.rows[index] = { ...o.rows[index], ...this.writable(o, jsonBody(body)) };
    return new HttpAnswer(204);
  }

  private create(o: SObject, body: string): HttpAnswer {
    const data = this.writable(o, jsonBody(body));
    const Id = this.newId(o);
    const CreatedDate = new Date().toISOString().replace('Z', '+0000');
    o.rows.push({ ...data, Id, CreatedDate });
    return new HttpAnswer(201, { id: Id, success: true, errors: [] });
  }

  /** The fields a write names, in the object's spelling; an unknown or system field is refused. */
  private writable(o: SObject, data: Row): Row {
    return Object.fromEntries(
      Object.entries(data).map(([k, v]) => {
        const field = o.fields.get(k.toLowerCase());
        if (!field)
          throw refuse(400, 'INVALID_FIELD', `No such column '${k}' on sobject of type ${o.name}`);
        if (field === 'Id' || field === 'CreatedDate')
          throw refuse(
            400,
            'INVALID_FIELD_FOR_INSERT_UPDATE',
            `Unable to create/update fields: ${field}.`,
          );
        return [field, v];
      }),
    );
  }

  private apexCall(method: string, path: string, body: string, params: URLSearchParams) {
    const handler = this.apexHandlers.get(`${method} ${path}`);
    if (!handler) return fail(404, 'NOT_FOUND', `Could not find a match for URL /${path}`);
    const parsed = parseJson(body);
    try {
      return new HttpAnswer(200, handler(parsed, params) ?? null);
    } catch (err) {
      return fail(500, 'APEX_ERROR', err instanceof Error ? err.message : String(err));
    }
  }
}

/** A refusal or a statement the parsers refused as its 400; anything else is a 500. */
function answerFor(err: unknown): HttpAnswer {
  if (err instanceof Refusal) return err.answer;
  if (err instanceof SoqlError || err instanceof SoslError)
    return fail(400, err.errorCode, err.message);
  return fail(500, 'UNKNOWN_EXCEPTION', String(err));
}

function send(res: ServerResponse, answer: HttpAnswer) {
  const json = answer.body === undefined ? undefined : JSON.stringify(answer.body);
  res.writeHead(answer.status, json === undefined ? {} : { 'content-type': 'application/json' });
  res.end(json);
}

export async function startSalesforceServer(
  opts: SalesforceServerOptions = {},
): Promise<SalesforceServer> {
  const sf = new LocalSalesforce(
    opts.clientId ?? 'local-connected-app',
    opts.clientSecret ?? 'local-connected-app-secret',
    opts.batchSize ?? 2000,
  );
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      sf.handle(req, Buffer.concat(chunks).toString())
        .catch(answerFor)
        .then(
          (answer) => send(res, answer),
          () => res.destroy(),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sf.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: sf.url,
    clientId: sf.clientId,
    clientSecret: sf.clientSecret,
    statements: sf.statements,
    requests: sf.requests,
    seed: (objectName, records) => sf.seed(objectName, records),
    records: (objectName) => (sf.object(objectName)?.rows ?? []).map((r) => ({ ...r })),
    apex: (method, path, handler) => sf.apex(method, path, handler),
    expireTokens: () => sf.expireTokens(),
    setDelay: (ms) => (sf.delay = ms),
    setBatchSize: (n) => (sf.batchSize = n),
    tokenRequests: () => sf.tokenCount,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
