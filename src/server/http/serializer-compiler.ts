import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/** Whether a JSON Schema names no property anywhere: a record, a list of records, a scalar. */
function namesNoProperty(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.every(namesNoProperty);
  if (schema === null || typeof schema !== 'object') return true;
  const s = schema as Record<string, unknown>;
  if ('properties' in s || 'patternProperties' in s || 'required' in s) return false;
  return Object.values(s).every(namesNoProperty);
}

/**
 * Writes every response with fast-json-stringify, compiled once per route from its zod response
 * schema turned into JSON Schema. Only the properties a schema declares are written, so a column
 * the contract does not name (a hash, a token) never leaves the server; and a 1,000-row statement
 * costs a fraction of zod parsing every row before JSON.stringify (docs/decisions/034-responses-by-schema.md).
 * A schema that names no property (the data API's rows: records of scalar cells) has nothing to
 * leave out, and JSON.stringify writes the same text without checking each cell against the
 * union of its types, which fast-json-stringify does with ajv (decision 034).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
  });
  return namesNoProperty(jsonSchema) ? JSON.stringify : fastJson(jsonSchema as never);
};
