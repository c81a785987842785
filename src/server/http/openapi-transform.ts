import { z } from 'zod';
import { organizationHeader } from '../../contract/constants/api-keys';
import { accessPolicy, type Rule } from '../access-policy';
import type { ErrorCode } from './error-status';
import { genericErrorCodes } from './generic-error-codes';
import { byStatus, errorAnswerSchema, uploadFormSchema, type UploadBody } from './openapi';
import { accessSentence, organizationHeaderSchema, securityFor } from './openapi-access';
import { openApiSchema, zodToJsonSchemas } from './openapi-schema';

// Each route as the API document shows it. What a route declares (its input, answers, own error
// codes) is completed from the one place that decides each of the rest: the access policy names
// its credentials and role, the route's kind the refusals every such route answers.

type TransformInput = Parameters<typeof zodToJsonSchemas>[0];
type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown> };
type Json = Record<string, unknown>;
const multipartForm = 'multipart/form-data';

/** The codes an error answer's schema names (errorAnswerSchema), or none for another answer. */
function codesOf(answer: unknown): ErrorCode[] | undefined {
  if (!(answer instanceof z.ZodObject)) return undefined;
  const code: unknown = answer.shape.code;
  return code instanceof z.ZodEnum ? (code.options as ErrorCode[]) : undefined;
}

/** The route's answers with every error status it can give, each listing its codes. */
function withErrorAnswers(schema: RouteSchema, generic: ErrorCode[]): RouteSchema {
  const response = { ...schema.response };
  const own = Object.entries(response).flatMap(([status, answer]) =>
    Number(status) >= 400 ? (codesOf(answer) ?? []) : [],
  );
  for (const [status, codes] of byStatus([...own, ...generic])) {
    const other = response[status] !== undefined && codesOf(response[status]) === undefined;
    if (!other) response[status] = errorAnswerSchema(status, codes);
  }
  return { ...schema, response };
}

const methodOf = (input: TransformInput): string => {
  const method = (input.route as { method: string | string[] }).method;
  return Array.isArray(method) ? method[0]! : method;
};

/** The header parameters' schema, with the optional x-organization-id added. */
function withOrganizationHeader(headers: unknown): Json {
  const base = (headers ?? { type: 'object', properties: {} }) as Json;
  const properties = {
    ...(base.properties as Json),
    [organizationHeader]: organizationHeaderSchema,
  };
  return { ...base, properties };
}

/** The converted route with its credentials, who may call it, and OpenAPI 3.0 schemas. */
function documented(json: Json, access: Rule): Json {
  const parts = ['body', 'querystring', 'params', 'headers', 'response'] as const;
  const { upload, ...out } = json as Json & { upload?: UploadBody };
  for (const part of parts) if (out[part] !== undefined) out[part] = openApiSchema(out[part]);
  if (upload) Object.assign(out, { body: uploadFormSchema(upload), consumes: [multipartForm] });
  if (access !== 'anonymous') out.headers = withOrganizationHeader(out.headers);
  out.security = securityFor(access);
  out.description = [json.description, accessSentence(access)].filter(Boolean).join('\n\n');
  return out;
}

/** @fastify/swagger's transform: every route with a schema, completed as above. */
export function openApiTransform(input: TransformInput) {
  const method = methodOf(input);
  const access = accessPolicy[`${method} ${input.url}`];
  const schema = input.schema as RouteSchema | undefined;
  if (!schema || access === undefined) return zodToJsonSchemas(input);
  const generic = genericErrorCodes({
    method,
    access,
    takesParameters: Boolean(schema.params ?? schema.querystring ?? schema.headers),
    takesBody: schema.body !== undefined,
  });
  const converted = zodToJsonSchemas({ ...input, schema: withErrorAnswers(schema, generic) });
  if ((converted.schema as Json | undefined)?.hide) return converted;
  return { ...converted, schema: documented(converted.schema as Json, access) };
}
