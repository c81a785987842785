import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

// The routes' zod schemas as OpenAPI 3.0 schemas that generators and linters read as meant.

type Json = Record<string, unknown>;

interface OverrideContext {
  zodSchema: z.core.$ZodType;
  jsonSchema: z.core.JSONSchema.BaseSchema;
}

/**
 * fastify-type-provider-zod's own override drops a union's branch that is still empty when the
 * override sees it, and a schema used twice in one body (`amount` for Shares and Cost) is filled
 * in later: its JSON-number branch was lost. This one keeps every branch (null branches are
 * folded by `openApiSchema` once the schema is whole) and writes dates in answers as date-time.
 */
function override({ zodSchema, jsonSchema }: OverrideContext): void {
  if (zodSchema instanceof z.ZodDate)
    Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
}

/** zod → JSON Schema for each part of a route (fastify-type-provider-zod, our override). */
export const zodToJsonSchemas = createJsonSchemaTransform({
  zodToJsonConfig: { override },
});

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** zod's openapi-3.0 form of `null`: `{type, nullable: true, enum: [null]}`. */
const isNullBranch = (s: Json) =>
  s.nullable === true && Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null;

/** `nullable` on a schema with a type, or on each typed branch of its anyOf/oneOf. */
function makeNullable(s: Json): Json {
  if (typeof s.type === 'string') return { ...s, nullable: true };
  const { nullable: _, ...rest } = s;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches))
      return { ...rest, [key]: branches.map((b) => makeNullable(b as Json)) };
  }
  // A schema without a type already admits null.
  return rest;
}

/** One schema with its null branches and bare `nullable` folded into typed branches. */
function fold(s: Json): Json {
  let out = s;
  const branches = Array.isArray(s.anyOf) ? (s.anyOf as Json[]) : undefined;
  if (branches) {
    const rest = branches.filter((b) => !isNullBranch(b));
    const { anyOf: _, ...outer } = s;
    if (rest.length === 1 && !Object.keys(rest[0]!).some((k) => k in outer))
      out = { ...outer, ...rest[0] };
    else out = { ...outer, anyOf: rest };
    if (rest.length < branches.length || s.nullable === true) out = makeNullable(out);
  } else if (s.nullable === true && typeof s.type !== 'string') out = makeNullable(s);
  return out;
}

/**
 * A record keyed by an enum (`z.record(z.enum(...), v)`) requires every key but names none:
 * each required key becomes a property of the record's value schema.
 */
function nameRequired(s: Json): Json {
  const required = s.required;
  if (!Array.isArray(required) || !isObject(s.additionalProperties)) return s;
  const properties = { ...(s.properties as Json | undefined) };
  for (const name of required as string[]) properties[name] ??= s.additionalProperties;
  return { ...s, properties };
}

/**
 * A JSON schema as OpenAPI 3.0 means it: `nullable` only beside a `type` (on each typed branch of
 * an anyOf), no anyOf of one branch, no required property left unnamed. Walks every nested schema.
 */
export function openApiSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(openApiSchema);
  if (!isObject(value)) return value;
  const walked = Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, openApiSchema(child)]),
  );
  return nameRequired(fold(walked));
}
