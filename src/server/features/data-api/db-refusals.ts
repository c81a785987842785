import { AppError } from '../../http/app-error';
import { registry, type EntityDef } from '../../data-layer/entity-registry';

// PostgreSQL's refusals of a data-layer statement, as the API's answers. The use cases check
// input and references first; these catch what only the database can see (a unique key taken, a
// row referred to, a reference removed by a concurrent request) so that none of it is a 500.
// Constraints are named `{table}_{field}_{fk|unique|check}` (db/data-schema.ts).

interface DbError {
  code: string;
  constraint?: string;
}

function dbErrorOf(err: unknown): DbError | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const constraints = new Map<string, { def: EntityDef; field: string }>(
  Object.values(registry).flatMap((def) =>
    def.fields.flatMap((f) =>
      ['fk', 'unique', 'check'].map(
        (kind) => [`${def.table}_${f.name}_${kind}`, { def, field: f.name }] as const,
      ),
    ),
  ),
);

export const queryTimeout = () =>
  new AppError({
    code: 'DATA.QUERY_TIMEOUT',
    message: 'The query ran longer than the server allows; narrow its filters or lower its limit.',
  });

/** A request past its budget of database time (db/data-lane.ts): stopped, nothing written. */
export const outOfTime = (budgetMs: number) =>
  new AppError({
    code: 'DATA.QUERY_TIMEOUT',
    message:
      `The request needed more than ${budgetMs / 1000} s of database time and was stopped; ` +
      'nothing of it was written. Ask for less at once: fewer records, a larger batchSize, ' +
      'narrower filters.',
  });

/**
 * The answer for a database refusal of a write to `def` (`prefix` names the record in a bulk
 * request), or undefined when `err` is not one (then it goes on to the error plugin).
 */
export function refusalOf(
  err: unknown,
  def: EntityDef,
  op: 'write' | 'delete',
  prefix = '',
): AppError | undefined {
  const e = dbErrorOf(err);
  if (!e) return undefined;
  const known = e.constraint ? constraints.get(e.constraint) : undefined;
  const field = [prefix, known?.field ?? ''].filter(Boolean).join('.') || undefined;
  switch (e.code) {
    case '23503':
      if (op === 'delete')
        return new AppError({
          code: 'DATA.REFERENCED',
          message: `${def.label} is still referred to by ${known ? `${known.def.name}.${known.field}` : 'other records'}`,
        });
      return new AppError({
        code: 'DATA.INVALID_REFERENCE',
        message: `${field ?? 'body'}: no such record in this tenant`,
        field,
      });
    case '23505':
      return new AppError({
        code: 'DATA.DUPLICATE',
        message: `${field ?? 'body'}: already used by another ${def.label.toLowerCase()}`,
        field,
      });
    case '23514':
    case '22003':
      return new AppError({
        code: 'HTTP.VALIDATION',
        message: `${field ?? 'body'}: is out of range`,
        field,
      });
    case '57014':
      return queryTimeout();
    default:
      return undefined;
  }
}

/** Runs a write and turns a database refusal into its answer. */
export async function refusing<T>(
  def: EntityDef,
  op: 'write' | 'delete',
  work: () => Promise<T>,
  prefix = '',
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw refusalOf(err, def, op, prefix) ?? err;
  }
}
