/** One value that an audit entry's before and after differ on. */
export interface DiffLine {
  /** Where in the JSON, readable: "holders › 3f1c2a9e › common". */
  path: string;
  /** The value before, as text; null when the entry had none there. */
  before: string | null;
  after: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A key as read: an id by its first 8 characters, enough to tell rows of one entry apart. */
const keyText = (key: string) => (UUID.test(key) ? key.slice(0, 8) : key);

/** A leaf as text: strings as they are, arrays joined, the rest as JSON. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(valueText).join(', ') || '(none)';
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every leaf (a value that is not a plain object) under `value`, by its path. */
function leaves(value: unknown, path: string[], into: Map<string, string>) {
  if (isRecord(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, [...path, keyText(key)], into);
    return;
  }
  if (value === undefined || (path.length === 0 && value === null)) return;
  into.set(path.join(' › ') || '(value)', valueText(value));
}

/**
 * What changed between an audit entry's `before` and `after`: each leaf whose text differs, or
 * that only one side has, in the order the after (then the before) lists them. Unchanged leaves
 * are left out and counted.
 */
export function jsonDiff(
  before: unknown,
  after: unknown,
): { lines: DiffLine[]; unchanged: number } {
  const was = new Map<string, string>();
  const is = new Map<string, string>();
  leaves(before, [], was);
  leaves(after, [], is);
  const lines: DiffLine[] = [];
  let unchanged = 0;
  const paths = [...is.keys(), ...[...was.keys()].filter((p) => !is.has(p))];
  for (const path of paths) {
    const b = was.get(path) ?? null;
    const a = is.get(path) ?? null;
    if (a === b) unchanged += 1;
    else lines.push({ path, before: b, after: a });
  }
  return { lines, unchanged };
}
