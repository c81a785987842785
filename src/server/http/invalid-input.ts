import type { z } from 'zod';
import { AppError } from './app-error';

/** A request that cannot run as given: 400 naming the field. */
export const invalid = (field: string, message: string): AppError =>
  new AppError({ code: 'HTTP.VALIDATION', message: `${field}: ${message}`, field });

/**
 * Parses `input` with a schema built from the registry; a failure names the first offending
 * field under `prefix` ("data.3.first_name"), the same way the error plugin names contract fields.
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  prefix = '',
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const unknownKey =
    issue.code === 'unrecognized_keys' ? (issue as { keys: string[] }).keys[0] : undefined;
  const path = [prefix, ...issue.path.map(String), ...(unknownKey ? [unknownKey] : [])]
    .filter(Boolean)
    .join('.');
  const field = path || 'body';
  throw invalid(field, unknownKey ? 'this field is not accepted' : issue.message);
}
