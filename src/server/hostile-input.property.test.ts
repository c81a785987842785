// One property over every route the API documents: a NUL character, an unpaired surrogate or a
// date outside 1900..9999 in any text or date field is refused with 400 naming that field, never
// a 500 from PostgreSQL. The routes and their fields are read from the OpenAPI document, so a new
// route is covered without touching this file.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerScenario } from './test-support/ledger-scenario';
import {
  bodySchemaOf,
  documentedOperations,
  isType,
  validValue,
  type JsonSchema,
  type Operation,
} from './test-support/documented-operations';
import { createTestApp, type TestApp } from './test-support/test-app';

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
  ops = documentedOperations(t.app);
});
afterAll(() => t.close());

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
  for (const [name, schema] of Object.entries(bodySchemaOf(op)?.properties ?? {})) {
    const kind = kindOf(schema);
    if (kind) fields.push({ method, path, where: 'body', name, kind });
  }
  return fields;
}

function requestFor(field: Field, op: Operation, hostile: string) {
  const query: Record<string, string> = {};
  let url = field.path;
  for (const p of op.parameters ?? []) {
    const value =
      p.name === field.name && p.in === field.where ? hostile : validValue(p.schema, holderId);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.in === 'query' && (p.required || p.name === field.name)) {
      query[p.name] = String(value);
    }
  }
  const bodySchema = bodySchemaOf(op);
  const body = bodySchema
    ? (validValue(bodySchema, holderId) as Record<string, unknown>)
    : undefined;
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
