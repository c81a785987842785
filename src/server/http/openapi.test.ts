import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPolicy, apiKeyScopes, type Rule } from '../access-policy';
import { betterAuthMounted } from '../auth/better-auth-routes';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { restEntities } from '../../contract/data-api';
import { registry } from '../data-layer/entity-registry';
import { statusForCode } from './error-status';
import { openApiTags } from './openapi';

interface Schema {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  info: { contact?: { url?: string }; license?: unknown };
  tags: Array<{ name: string }>;
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Document;
let ops: Array<{ route: string; op: Operation }>;
beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as unknown as Document;
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      op,
    })),
  );
});
afterAll(() => t.close());

describe('the OpenAPI document at /docs/json', () => {
  it('gives every operation a unique operationId, a summary, a description and defined tags', () => {
    expect(ops.length).toBeGreaterThan(20);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set<string>(openApiTags.map((tag) => tag.name));
    for (const { route, op } of ops) {
      expect(op.operationId, route).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary, route).toBeTruthy();
      expect(op.description, route).toBeTruthy();
      expect(op.tags?.length, route).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(tags, route).toContain(tag);
    }
  });

  it('lists the error answers: 400 for input, 401 for a session, 403 for a role', () => {
    for (const { route, op } of ops) {
      const statuses = Object.keys(op.responses);
      // x-organization-id is every checked route's, and its refusal is a 403.
      const input = op.parameters?.filter((p) => p.name !== 'x-organization-id');
      if (input?.length || op.requestBody) expect(statuses, route).toContain('400');
      const access = accessPolicy[route];
      if (access === 'signed-in') expect(statuses, route).toContain('401');
      else if (access !== undefined && access !== 'anonymous') {
        expect(statuses, route).toEqual(expect.arrayContaining(['401', '403']));
      }
    }
  });

  it('documents the better-auth routes the web app uses, and no other route under /api/auth', () => {
    const documented = ops
      .map((o) => o.route)
      .filter((r) => r.split(' ')[1]!.startsWith('/api/auth/'));
    expect(documented.sort()).toEqual([...betterAuthMounted].sort());
    expect(documented).toContain('GET /api/auth/list-sessions');
  });

  it('is served at /docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ tags: unknown[] }>().tags).toHaveLength(openApiTags.length);
  });
});

/** Every schema object in a JSON value, with where it is. */
function* schemasIn(value: unknown, at = '#'): Generator<[string, Schema]> {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* schemasIn(v, `${at}/${i}`);
  } else if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('type' in v || 'nullable' in v || 'anyOf' in v) yield [at, v];
    for (const [k, child] of Object.entries(v)) yield* schemasIn(child, `${at}/${k}`);
  }
}

const sessions = [{ cookie: [] }, { bearer: [] }];
/** Whether a rule lets an API key in anywhere: a scope, a list of scopes, or a provider's. */
const takesKeys = (rule: Rule): boolean =>
  typeof rule === 'string'
    ? (apiKeyScopes as readonly string[]).includes(rule)
    : 'byProvider' in rule
      ? [...rule.byProvider.registry, ...rule.byProvider.others].some(takesKeys)
      : true;
const securityOf = (access: Rule) =>
  access === 'anonymous' ? [] : takesKeys(access) ? [...sessions, { apiKey: [] }] : sessions;

const errorCodesOf = (op: Operation, status: string) =>
  op.responses[status]?.content?.['application/json']?.schema.properties?.code?.enum ?? [];

describe('the OpenAPI document as generators and linters read it', () => {
  it('declares the credentials each operation takes, from the access policy', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      cookie: { type: 'apiKey', in: 'cookie' },
      bearer: { type: 'http', scheme: 'bearer' },
      apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    });
    for (const { route, op } of ops) {
      const access = accessPolicy[route];
      expect(access, route).toBeDefined();
      expect(op.security, route).toEqual(securityOf(access!));
    }
  });

  it('takes x-organization-id as an optional header wherever a caller is checked', () => {
    for (const { route, op } of ops) {
      const header = op.parameters?.find(
        (p) => p.in === 'header' && p.name === 'x-organization-id',
      );
      if (accessPolicy[route] === 'anonymous') expect(header, route).toBeUndefined();
      else expect(header, route).toMatchObject({ required: false, schema: { type: 'string' } });
    }
  });

  it('never says nullable without a type', () => {
    const untyped = [...schemasIn(doc.paths)].filter(([, s]) => s.nullable && !s.type);
    expect(untyped.map(([at]) => at)).toEqual([]);
  });

  it('types Shares and Cost of a transaction as a decimal string or a JSON number', () => {
    const body = doc.paths['/api/v1/transactions']!.post!.requestBody!.content['application/json']!;
    for (const field of ['Shares', 'Cost']) {
      const types = body.schema.properties![field]!.anyOf?.map((s) => s.type);
      expect(types, field).toEqual(['string', 'number']);
    }
  });

  it('lists, for every error answer, the codes the route answers with that status', () => {
    for (const { route, op } of ops) {
      for (const status of Object.keys(op.responses).filter((s) => Number(s) >= 400)) {
        const answer = op.responses[status]?.content?.['application/json']?.schema;
        if (!answer?.properties?.code) continue; // not an error body (the health check's 503)
        const codes = errorCodesOf(op, status) as string[];
        expect(codes.length, `${route} ${status}`).toBeGreaterThan(0);
        for (const code of codes)
          expect(statusForCode(code), `${route} ${code}`).toBe(Number(status));
      }
      const access = accessPolicy[route];
      if (access !== 'anonymous') {
        expect(errorCodesOf(op, '401'), route).toContain('AUTH.UNAUTHENTICATED');
        expect(errorCodesOf(op, '403'), route).toContain('AUTH.ORGANIZATION_MISMATCH');
        expect(errorCodesOf(op, '429'), route).toContain('AUTH.RATE_LIMITED');
      }
      if (op.requestBody) {
        expect(errorCodesOf(op, '400'), route).toContain('HTTP.VALIDATION');
        expect(errorCodesOf(op, '415'), route).toContain('HTTP.UNSUPPORTED_MEDIA_TYPE');
      }
    }
  });

  it("answers and takes each data entity's own record on its REST routes", () => {
    const json = (schema?: { content?: Record<string, { schema: Schema }> }) =>
      schema?.content?.['application/json']?.schema;
    for (const entity of restEntities) {
      const fields = registry[entity].fields.map((f) => f.name).sort();
      const writable = registry[entity].fields.filter((f) => !f.system).map((f) => f.name);
      const list = doc.paths[`/api/v1/mysql/${entity}`];
      const item = doc.paths[`/api/v1/mysql/${entity}/{id}`];
      expect(list, entity).toBeDefined();
      const listed = json(list!.get!.responses['200'])!.properties!.data as { items: Schema };
      const records = [
        listed.items,
        json(list!.post!.responses['201']),
        json(item!.get!.responses['200']),
        json(item!.put!.responses['200']),
      ];
      for (const record of records) expect(Object.keys(record!.properties!).sort()).toEqual(fields);
      const created = list!.post!.requestBody!.content['application/json']!.schema;
      expect(Object.keys(created.properties!).sort(), entity).toEqual(writable.sort());
      expect(item!.put!.requestBody, entity).toBeDefined();
    }
    expect(doc.paths['/api/v1/mysql/{entity}']).toBeUndefined();
  });

  it('declares the file uploads as multipart/form-data bodies with their file field', () => {
    // The routes that read a multipart upload themselves: a generated client (and swagger-ui's
    // Try it out) needs the body's media type and its field to send one.
    const uploads = {
      importSpreadsheet: { type: 'string', format: 'binary' },
      importOcfPackage: { type: 'array', items: { type: 'string', format: 'binary' } },
    };
    for (const [operationId, file] of Object.entries(uploads)) {
      const op = ops.find((o) => o.op.operationId === operationId)!.op;
      const form = op.requestBody?.content['multipart/form-data']?.schema;
      expect(form, operationId).toMatchObject({
        type: 'object',
        required: ['file'],
        properties: { file },
      });
      expect(Object.keys(op.requestBody!.content), operationId).toEqual(['multipart/form-data']);
    }
  });

  it('requires Idempotency-Key on the posting routes, with its refusals', () => {
    // The Transfer: the ledger's own route, and the registry's insert of a Share_Transaction__c
    // (one path per provider, or one with a {provider} parameter).
    const registryInsert =
      doc.paths['/api/v1/registry/insert'] ?? doc.paths['/api/v1/{provider}/insert'];
    for (const op of [doc.paths['/api/v1/transactions']!.post!, registryInsert!.post!]) {
      expect(op.parameters, op.operationId).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }),
      );
      expect(errorCodesOf(op, '400'), op.operationId).toEqual(
        expect.arrayContaining(['IDEMPOTENCY.KEY_REQUIRED', 'IDEMPOTENCY.KEY_INVALID']),
      );
      expect(errorCodesOf(op, '409'), op.operationId).toContain('IDEMPOTENCY.IN_FLIGHT');
      expect(errorCodesOf(op, '422'), op.operationId).toContain('IDEMPOTENCY.KEY_REUSED');
    }
  });

  it('opens on the shareholder and ledger operations, with no placeholder contact', () => {
    expect(doc.tags.slice(0, 2).map((tag) => tag.name)).toEqual(['shareholders', 'ledger']);
    expect(doc.info.contact?.url ?? '').not.toMatch(/^https:\/\/github\.com\/?$/);
    expect(doc.info.license).toBeDefined();
  });
});
