import { AppError } from '../../http/app-error';
import type { ErrorCode } from '../../http/error-status';
import type { EntityDef } from '../../data-layer/entity-registry';

export const notFound = (def: EntityDef): AppError =>
  new AppError({ code: 'DATA.NOT_FOUND', message: `${def.label} not found` });

/** Every data request's: its database time used up, or the data pool too busy (db/data-lane.ts). */
const budget = ['DATA.QUERY_TIMEOUT', 'DB.BUSY'] as const satisfies readonly ErrorCode[];

/** The codes each kind of data route answers of its own (the API document lists them). */
export const dataErrorCodes = {
  read: [...budget],
  one: ['DATA.NOT_FOUND', ...budget],
  create: ['DATA.INVALID_REFERENCE', 'DATA.DUPLICATE', ...budget],
  update: [
    'DATA.NOT_FOUND',
    'DATA.INVALID_REFERENCE',
    'DATA.DUPLICATE',
    'DATA.TRANSITION_REFUSED',
    ...budget,
  ],
  remove: ['DATA.NOT_FOUND', 'DATA.REFERENCED', ...budget],
  action: ['DATA.NOT_FOUND', 'DATA.TRANSITION_REFUSED', ...budget],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** At most this many refused records are listed in a bulk refusal's details. */
const LISTED_ERRORS = 20;

/**
 * Checking 10,000 records is tens to hundreds of milliseconds of the one JavaScript thread: after
 * every few milliseconds of it, the thread is left to other requests for as long again.
 */
const CHECK_FOR_MS = 4;
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, CHECK_FOR_MS));

/**
 * Checks every record of a request; when any fails, nothing is written and the answer names the
 * first refused record's field ("data.3.first_name") and lists up to 20 in details.errors.
 */
export async function checkEach<I, T>(
  items: readonly I[],
  bulk: boolean,
  check: (item: I, prefix: string, index: number) => T,
): Promise<T[]> {
  const errors: Array<{ index: number; field?: string; message: string }> = [];
  let first: AppError | undefined;
  const out: T[] = [];
  let turn = performance.now();
  for (const [index, item] of items.entries()) {
    if (performance.now() - turn > CHECK_FOR_MS) {
      await nextTurn();
      turn = performance.now();
    }
    try {
      out.push(check(item, bulk ? `data.${index}` : '', index));
    } catch (err) {
      if (!(err instanceof AppError) || !bulk) throw err;
      first ??= err;
      if (errors.length < LISTED_ERRORS)
        errors.push({ index, ...(err.field ? { field: err.field } : {}), message: err.message });
    }
  }
  if (first)
    throw new AppError({
      code: first.code,
      message: first.message,
      field: first.field,
      details: { errors },
    });
  return out;
}
