import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * Writes every response with fast-json-stringify, compiled once per route from its zod response
 * schema turned into JSON Schema. Only the properties a schema declares are written, so a column
 * the contract does not name (a hash, a token) never leaves the server; and a 1,000-row statement
 * costs a fraction of zod parsing every row before JSON.stringify (docs/decisions/030-benchmark.md).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as never,
  );
