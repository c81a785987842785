import type { FastifyInstance, InjectOptions } from 'fastify';

// The operations the API document lists, and requests built from their schemas: the tests that
// cover every documented route (hostile input, every refusal documented) read them from here, so
// a new route is covered without touching them.

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minimum?: number;
  minItems?: number;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

export interface DocumentedOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As the document writes it: /api/v1/shareholders/{id}. */
  path: string;
  /** As the access policy writes it: GET /api/v1/shareholders/:id. */
  route: string;
  op: Operation;
}

export function documentedOperations(app: FastifyInstance): DocumentedOperation[] {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => {
      const m = method.toUpperCase() as DocumentedOperation['method'];
      return { method: m, path, route: `${m} ${path.replace(/\{(\w+)\}/g, ':$1')}`, op };
    }),
  );
}

export const isType = (s: JsonSchema, type: string) =>
  s.type === type || (Array.isArray(s.type) && s.type.includes(type));

/** A value the schema accepts (`uuid` for every uuid), so a request's only fault is the one made. */
export function validValue(s: JsonSchema, uuid: string): unknown {
  if (s.anyOf) return validValue(s.anyOf.find((x) => !isType(x, 'null')) ?? s.anyOf[0]!, uuid);
  if (s.enum) return s.enum[0];
  if (s.format === 'uuid') return uuid;
  if (s.format === 'date') return '2024-01-02';
  if (s.format === 'email') return 'someone@example.com';
  if (isType(s, 'string')) return s.pattern?.includes('\\d') ? '1' : 'x';
  if (isType(s, 'integer') || isType(s, 'number')) return s.minimum ?? 1;
  if (isType(s, 'boolean')) return false;
  if (isType(s, 'array')) return [];
  if (s.properties) {
    return Object.fromEntries(
      (s.required ?? []).map((k) => [k, validValue(s.properties![k]!, uuid)]),
    );
  }
  return 'x';
}

export const bodySchemaOf = (op: Operation) => op.requestBody?.content['application/json']?.schema;

/** A request the operation's schemas accept, every id `uuid`, with `headers`. */
export function validRequest(
  d: DocumentedOperation,
  uuid: string,
  headers: Record<string, string>,
): InjectOptions {
  let url = d.path;
  const query: Record<string, string> = {};
  const sent: Record<string, string> = { ...headers };
  for (const p of d.op.parameters ?? []) {
    const value = String(validValue(p.schema, uuid));
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === 'query' && p.required) query[p.name] = value;
    else if (p.in === 'header' && p.required) sent[p.name] = uuid;
  }
  const body = bodySchemaOf(d.op);
  return {
    method: d.method,
    url,
    query,
    headers: sent,
    ...(body ? { payload: validValue(body, uuid) as Record<string, unknown> } : {}),
  };
}

/** The codes the document lists for `status`, or undefined when that answer is not an error body. */
export function documentedCodes(op: Operation, status: number): unknown[] | undefined {
  const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
  return schema?.properties?.code ? (schema.properties.code.enum ?? []) : undefined;
}
