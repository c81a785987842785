import { gatewayLimits } from '../../contract/gateway';
import { AppError } from '../http/app-error';
import { invalid } from '../http/invalid-input';
import { fieldName } from './field-name';
import type { SalesforceSettings } from './salesforce-config';

// Salesforce's REST API over Node's fetch (decision 113: six endpoints do not need jsforce): the
// OAuth 2.0 client-credentials flow of a connected app, the token cached and renewed once on 401,
// a timeout on every request (AbortSignal.timeout, body included), and Salesforce's error arrays
// as the app's coded errors with Salesforce's own message. The token and the secret never go
// into a message, a detail or a log.

export type SfRecord = Record<string, unknown>;

export interface QueryResult {
  totalSize: number;
  /** False when the client stopped at `maxRecords` with records left unread. */
  done: boolean;
  records: SfRecord[];
}
export interface QueryOptions {
  /** Records read at most, following nextRecordsUrl (gatewayLimits.maxFollowedRecords). */
  maxRecords?: number;
}
export interface WriteResult {
  id: string;
  success: boolean;
  errors: unknown[];
}
export type ApexMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Token {
  accessToken: string;
  instanceUrl: string;
}
/** One of Salesforce's query pages, as it sends it. */
export interface SfQueryPage {
  totalSize: number;
  done: boolean;
  nextRecordsUrl?: string;
  records: SfRecord[];
}
interface Answer {
  status: number;
  text: string;
}

/** Salesforce's codes for "the request is wrong": 422 GATEWAY.REJECTED with its message. */
const REJECTED = new Set([
  'MALFORMED_QUERY',
  'MALFORMED_SEARCH',
  'INVALID_FIELD',
  'INVALID_TYPE',
  'INVALID_QUERY_FILTER_OPERATOR',
  'FIELD_CUSTOM_VALIDATION_EXCEPTION',
  'REQUIRED_FIELD_MISSING',
  'INVALID_FIELD_FOR_INSERT_UPDATE',
  'STRING_TOO_LONG',
  'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
  'DUPLICATE_VALUE',
  'JSON_PARSER_ERROR',
]);
/** Codes meaning "no such record": 404 GATEWAY.NOT_FOUND. */
const MISSING = new Set(['NOT_FOUND', 'ENTITY_IS_DELETED', 'INVALID_CROSS_REFERENCE_KEY']);

const NEXT_RECORDS = /^\/services\/data\/v\d+\.\d\/query\/[\w-]+$/;
const RECORD_ID = /^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/;
const APEX_PATH = /^[A-Za-z0-9_\-/.]+$/;

/** Salesforce's batch sizes (Sforce-Query-Options: batchSize): 200 to 2,000. */
const BATCH = { min: 200, max: 2000 };

const gatewayError = (code: string, message: string, details: Record<string, unknown> = {}) =>
  new AppError({ code, message, details: { provider: 'salesforce', ...details } });

/** Salesforce's error answer (`[{message, errorCode, fields}]`) as the app's coded error. */
export function salesforceError(status: number, body: unknown): AppError {
  const first = (Array.isArray(body) ? body[0] : body) as
    { message?: unknown; errorCode?: unknown; fields?: unknown } | null | undefined;
  const errorCode = typeof first?.errorCode === 'string' ? first.errorCode : `HTTP_${status}`;
  const message =
    typeof first?.message === 'string' && first.message !== ''
      ? first.message
      : `Salesforce answered ${status}.`;
  const fields = Array.isArray(first?.fields) && first.fields.length > 0 ? first.fields : undefined;
  const details = { errorCode, status, ...(fields && { fields }) };
  if (MISSING.has(errorCode) || (status === 404 && errorCode.startsWith('HTTP_')))
    return gatewayError('GATEWAY.NOT_FOUND', message, details);
  if (REJECTED.has(errorCode)) return gatewayError('GATEWAY.REJECTED', message, details);
  return gatewayError('GATEWAY.UPSTREAM_ERROR', message, details);
}

const authRefused = (status: number) =>
  gatewayError(
    'GATEWAY.UPSTREAM_AUTH',
    'Salesforce refused the connected app’s credentials (SALESFORCE_CLIENT_ID and SALESFORCE_CLIENT_SECRET).',
    { status },
  );

/** An object's API name: the identifier rule of the gateway's field names, without a dot. */
export function objectNameOf(name: string): string {
  const checked = fieldName(name, 'objectName');
  if (checked.includes('.')) throw invalid('objectName', 'an object name has no dot');
  return checked;
}

function recordId(id: string): string {
  if (!RECORD_ID.test(id)) throw invalid('id', 'a Salesforce Id has 15 or 18 letters and digits');
  return id;
}

function apexPath(endpoint: string): string {
  const path = endpoint.replace(/^\/+/, '');
  if (!APEX_PATH.test(path) || path.split('/').some((s) => s === '..' || s === '.'))
    throw invalid('endpoint', 'use the Apex REST path only: letters, digits, _ - . /');
  return path;
}

/** GET and DELETE carry their data as query parameters (Apex reads RestContext params). */
function apexQuery(data: unknown): string {
  if (data === undefined || data === null) return '';
  const entries = typeof data === 'object' && !Array.isArray(data) ? Object.entries(data) : null;
  const flat = entries?.every(([, v]) => ['string', 'number', 'boolean'].includes(typeof v));
  if (!entries || !flat)
    throw invalid('data', 'GET and DELETE send texts, numbers and true/false by name');
  const params = new URLSearchParams(
    entries.map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  return entries.length === 0 ? '' : `?${params.toString()}`;
}

export class SalesforceClient {
  private token: Promise<Token> | undefined;
  private readonly timeoutMs: number;

  constructor(private readonly settings: SalesforceSettings) {
    this.timeoutMs = settings.timeoutMs ?? gatewayLimits.timeoutMs;
  }

  /** A SOQL query, following nextRecordsUrl until done or `maxRecords` records are read. */
  async query(soql: string, options: QueryOptions = {}): Promise<QueryResult> {
    const maxRecords = options.maxRecords ?? gatewayLimits.maxFollowedRecords;
    const first = await this.page(this.data(`/query?q=${encodeURIComponent(soql)}`));
    const records = [...first.records];
    let page = first;
    while (!page.done && records.length < maxRecords) {
      if (!page.nextRecordsUrl || !NEXT_RECORDS.test(page.nextRecordsUrl))
        throw gatewayError('GATEWAY.UPSTREAM_ERROR', 'Salesforce sent no usable nextRecordsUrl.');
      page = await this.page(page.nextRecordsUrl);
      records.push(...page.records);
    }
    const done = page.done && records.length <= maxRecords;
    return { totalSize: first.totalSize, done, records: records.slice(0, maxRecords) };
  }

  /**
   * The first page of a SOQL query, asking Salesforce for batches of `batchSize` (raised to its
   * minimum of 200; Salesforce may still choose another size).
   */
  async queryPage(soql: string, opts: { batchSize?: number } = {}): Promise<SfQueryPage> {
    const batch =
      opts.batchSize === undefined
        ? undefined
        : Math.min(Math.max(opts.batchSize, BATCH.min), BATCH.max);
    const headers: Record<string, string> =
      batch === undefined ? {} : { 'sforce-query-options': `batchSize=${batch}` };
    return this.page(this.data(`/query?q=${encodeURIComponent(soql)}`), headers);
  }

  /** The page a query page's nextRecordsUrl points at. */
  async queryMore(nextRecordsUrl: string): Promise<SfQueryPage> {
    if (!NEXT_RECORDS.test(nextRecordsUrl))
      throw gatewayError('GATEWAY.UPSTREAM_ERROR', 'Salesforce sent no usable nextRecordsUrl.');
    return this.page(nextRecordsUrl);
  }

  async create(objectName: string, data: SfRecord): Promise<WriteResult> {
    const path = this.data(`/sobjects/${objectNameOf(objectName)}/`);
    const created = await this.json<WriteResult>('POST', path, data);
    if (typeof created?.id !== 'string')
      throw gatewayError('GATEWAY.UPSTREAM_ERROR', 'Salesforce answered a create without an id.');
    return { id: created.id, success: created.success, errors: created.errors ?? [] };
  }

  async update(objectName: string, id: string, data: SfRecord): Promise<void> {
    await this.call('PATCH', this.recordPath(objectName, id), data);
  }

  async destroy(objectName: string, id: string): Promise<void> {
    await this.call('DELETE', this.recordPath(objectName, id));
  }

  async search(sosl: string): Promise<{ searchRecords: SfRecord[] }> {
    const path = this.data(`/search?q=${encodeURIComponent(sosl)}`);
    const answer = await this.json<{ searchRecords?: SfRecord[] }>('GET', path);
    return { searchRecords: answer?.searchRecords ?? [] };
  }

  /** /services/apexrest/{endpoint}: the endpoint's JSON answer (or its text, or null). */
  async apexRest(method: ApexMethod, endpoint: string, data?: unknown): Promise<unknown> {
    const path = `/services/apexrest/${apexPath(endpoint)}`;
    const { text } =
      method === 'GET' || method === 'DELETE'
        ? await this.call(method, `${path}${apexQuery(data)}`)
        : await this.call(method, path, data);
    if (text === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  private data = (rest: string) => `/services/data/${this.settings.apiVersion}${rest}`;

  private recordPath(objectName: string, id: string): string {
    return this.data(`/sobjects/${objectNameOf(objectName)}/${recordId(id)}`);
  }

  /** One page of a query, checked to be one: a proxy's answer must not pass for records. */
  private async page(path: string, headers: Record<string, string> = {}): Promise<SfQueryPage> {
    const page = await this.json<Partial<SfQueryPage> | null>('GET', path, undefined, headers);
    if (typeof page?.totalSize !== 'number' || !Array.isArray(page.records))
      throw gatewayError('GATEWAY.UPSTREAM_ERROR', 'Salesforce answered a query without records.');
    return { ...page, totalSize: page.totalSize, records: page.records, done: page.done === true };
  }

  private async json<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const { text } = await this.call(method, path, body, headers);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw gatewayError('GATEWAY.UPSTREAM_ERROR', 'Salesforce answered with something not JSON.');
    }
  }

  /** A request on the instance; on 401 the token is renewed once and the request repeated. */
  private async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    let answer = await this.attempt(method, path, body, headers);
    if (answer.status === 401) answer = await this.attempt(method, path, body, headers);
    if (answer.status === 401) throw authRefused(401);
    if (answer.status >= 400) throw salesforceError(answer.status, parseOrNull(answer.text));
    return answer;
  }

  private async attempt(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Answer> {
    const pending = this.currentToken();
    const token = await pending;
    const answer = await this.send(`${token.instanceUrl}${path}`, {
      method,
      headers: {
        ...headers,
        authorization: `Bearer ${token.accessToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // Forget this token only: a request that failed with an older one must not drop a new one.
    if (answer.status === 401 && this.token === pending) this.token = undefined;
    return answer;
  }

  private currentToken(): Promise<Token> {
    this.token ??= this.fetchToken().catch((err: unknown) => {
      this.token = undefined;
      throw err;
    });
    return this.token;
  }

  private async fetchToken(): Promise<Token> {
    const { loginUrl, clientId, clientSecret } = this.settings;
    const { status, text } = await this.send(
      `${loginUrl.replace(/\/$/, '')}/services/oauth2/token`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
        }).toString(),
      },
    );
    const body = parseOrNull(text) as { access_token?: unknown; instance_url?: unknown } | null;
    const accessToken = body?.access_token;
    const instanceUrl = body?.instance_url;
    if (status !== 200 || typeof accessToken !== 'string' || typeof instanceUrl !== 'string')
      throw authRefused(status);
    if (!/^https?:\/\/[^/?#@]+\/?$/.test(instanceUrl))
      throw gatewayError('GATEWAY.UPSTREAM_AUTH', 'Salesforce sent an unusable instance_url.');
    return { accessToken, instanceUrl: instanceUrl.replace(/\/$/, '') };
  }

  /** One exchange within the timeout, the body read too; a failure becomes a coded error. */
  private async send(url: string, init: RequestInit): Promise<Answer> {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      return { status: res.status, text: await res.text() };
    } catch (err) {
      if (err instanceof Error && err.name === 'TimeoutError')
        throw gatewayError(
          'GATEWAY.UPSTREAM_TIMEOUT',
          `Salesforce did not answer within ${this.timeoutMs / 1000} seconds.`,
        );
      throw gatewayError('GATEWAY.UPSTREAM_UNAVAILABLE', 'Salesforce cannot be reached.');
    }
  }
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
