import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { ErrorCode } from '../../http/error-status';
import type { EntityDef } from './entity-registry';

/** A request the data layer cannot run as given: 400 naming the field. */
export const invalid = (field: string, message: string): AppError =>
  new AppError('HTTP.VALIDATION', `${field}: ${message}`, field);

export const notFound = (def: EntityDef): AppError =>
  new AppError('DATA.NOT_FOUND', `${def.label} not found`);

/** The data layer's own refusals, by what a route does, as the API document lists them. */
const timeout: ErrorCode = 'DATA.QUERY_TIMEOUT';
export const dataErrorCodes = {
  read: [timeout],
  one: ['DATA.NOT_FOUND', timeout],
  create: ['DATA.INVALID_REFERENCE', 'DATA.DUPLICATE', timeout],
  update: ['DATA.NOT_FOUND', 'DATA.INVALID_REFERENCE', 'DATA.DUPLICATE', timeout],
  remove: ['DATA.NOT_FOUND', 'DATA.REFERENCED', timeout],
  action: ['DATA.NOT_FOUND', 'DATA.TRANSITION_REFUSED', timeout],
} as const satisfies Record<string, readonly ErrorCode[]>;

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

/** At most this many refused records are listed in a bulk refusal's details. */
const LISTED_ERRORS = 20;

/**
 * Checks every record of a request; when any fails, nothing is written and the answer names the
 * first refused record's field ("data.3.first_name") and lists up to 20 in details.errors.
 */
export function checkEach<I, T>(
  items: readonly I[],
  bulk: boolean,
  check: (item: I, prefix: string, index: number) => T,
): T[] {
  const errors: Array<{ index: number; field?: string; message: string }> = [];
  let first: AppError | undefined;
  const out = items.map((item, index) => {
    try {
      return check(item, bulk ? `data.${index}` : '', index);
    } catch (err) {
      if (!(err instanceof AppError) || !bulk) throw err;
      first ??= err;
      if (errors.length < LISTED_ERRORS)
        errors.push({ index, ...(err.field ? { field: err.field } : {}), message: err.message });
      return undefined as T;
    }
  });
  if (first) throw new AppError(first.code, first.message, first.field, { errors });
  return out;
}
