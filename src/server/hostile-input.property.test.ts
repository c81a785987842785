// One property over every route the API documents: a NUL character, an unpaired surrogate or a
// date outside 1900..9999 in any text or date field is refused with 400 naming that field, never
// a 500 from PostgreSQL. The routes and their fields are read from the OpenAPI document, so a new
// route is covered without touching this file.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerScenario } from './ledger-store/test-scenario';
import { createTestApp, type TestApp } from './test-support/test-app';

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minimum?: number;
}
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
type Where = 'query' | 'path' | 'body';
interface Field {
  method: string;
  path: string;
  where: Where;
  name: string;
  kind: 'text' | 'date';
}

let t: TestApp;
let admin: Record<string, string>;
let holderId: string;
let ops: Array<{ method: string; path: string; op: Operation }>;
beforeAll(async () => {
  t = await createTestApp();
  const s = await ledgerScenario(t);
  admin = s.as.admin;
  holderId = s.bob.id;
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

const isType = (s: JsonSchema, type: string) =>
  s.type === type || (Array.isArray(s.type) && s.type.includes(type));

/** A value the schema accepts, so that the only fault in a request is the one we put there. */
function validValue(s: JsonSchema): unknown {
  if (s.anyOf) return validValue(s.anyOf.find((x) => !isType(x, 'null')) ?? s.anyOf[0]!);
  if (s.enum) return s.enum[0];
  if (s.format === 'uuid') return holderId;
  if (s.format === 'date') return '2024-01-02';
  if (s.format === 'email') return 'someone@example.com';
  if (isType(s, 'string')) return s.pattern?.includes('\\d') ? '1' : 'x';
  if (isType(s, 'integer') || isType(s, 'number')) return s.minimum ?? 1;
  if (isType(s, 'boolean')) return false;
  if (isType(s, 'array')) return [];
  if (s.properties) {
    return Object.fromEntries((s.required ?? []).map((k) => [k, validValue(s.properties![k]!)]));
  }
  return 'x';
}

const kindOf = (s: JsonSchema): Field['kind'] | undefined => {
  const plain = s.anyOf?.find((x) => !isType(x, 'null')) ?? s;
  if (plain.format === 'date') return 'date';
  if (isType(plain, 'string') && !plain.enum && !plain.format) return 'text';
  return undefined;
};

function fieldsOf(method: string, path: string, op: Operation): Field[] {
  const fields: Field[] = [];
  for (const p of op.parameters ?? []) {
    const kind = kindOf(p.schema);
    if (kind && p.in !== 'header') {
      fields.push({ method, path, where: p.in, name: p.name, kind });
    }
  }
  const body = op.requestBody?.content['application/json']?.schema;
  for (const [name, schema] of Object.entries(body?.properties ?? {})) {
    const kind = kindOf(schema);
    if (kind) fields.push({ method, path, where: 'body', name, kind });
  }
  return fields;
}

function requestFor(field: Field, op: Operation, hostile: string) {
  const query: Record<string, string> = {};
  let url = field.path;
  for (const p of op.parameters ?? []) {
    const value = p.name === field.name && p.in === field.where ? hostile : validValue(p.schema);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.in === 'query' && (p.required || p.name === field.name)) {
      query[p.name] = String(value);
    }
  }
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const body = bodySchema ? (validValue(bodySchema) as Record<string, unknown>) : undefined;
  if (body && field.where === 'body') body[field.name] = hostile;
  return {
    method: field.method as 'POST',
    url,
    query,
    headers: { ...admin, 'idempotency-key': randomUUID() },
    ...(body ? { payload: body } : {}),
  };
}

const hostileText = fc.tuple(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\uDBFF\u0000'),
  fc.string({ maxLength: 20 }),
);
/** A URL cannot carry an unpaired surrogate (it is sent as U+FFFD), only a NUL (%00). */
const textFor = (field: Field, [a, bad, b]: [string, string, string]) =>
  `${a}${field.where === 'body' ? bad : '\u0000'}${b}`;
const hostileDate = fc
  .oneof(fc.integer({ min: 0, max: 1899 }), fc.integer({ min: 10000, max: 99999 }))
  .chain((year) =>
    fc.constantFrom(`${String(year).padStart(4, '0')}-01-01`, `${year}-12-31`, '0000-01-01'),
  );

describe('hostile input on every documented route', () => {
  it('finds text and date fields on the routes that take them', () => {
    const fields = ops.flatMap(({ method, path, op }) => fieldsOf(method, path, op));
    const names = new Set(fields.map((f) => `${f.method} ${f.path} ${f.name}`));
    expect(names).toContain('POST /api/v1/transactions Notes');
    expect(names).toContain('POST /api/v1/transactions ShareDate');
    expect(names).toContain('PUT /api/v1/shareholders/{id} Address');
    expect(names).toContain('GET /api/v1/shareholders search');
    expect(names).toContain('POST /auth/login username');
  });

  it('answers 400 naming the field, never 5xx', async () => {
    const cases = ops.flatMap(({ method, path, op }) =>
      fieldsOf(method, path, op).map((field) => ({ field, op })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...cases),
        hostileText,
        hostileDate,
        async ({ field, op }, text, date) => {
          const res = await t.app.inject(
            requestFor(field, op, field.kind === 'date' ? date : textFor(field, text)),
          );
          expect(res.statusCode, `${field.method} ${field.path} ${field.name}`).toBe(400);
          const body = res.json<{ code: string; field?: string }>();
          expect(body.field, `${field.method} ${field.path}`).toBe(field.name);
        },
      ),
      { numRuns: 300 },
    );
  });
});
