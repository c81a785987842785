import pg from 'pg';

/**
 * Records the SQL text of every query the servers' pg clients send, while switched on, so the
 * bench can show that the bare handler sends the same statements as the app.
 */
export interface CapturedQuery {
  text: string;
  values: unknown[];
}

let captured: CapturedQuery[] | null = null;

/** What one call of `query` sends, as text and values, when it is a statement. */
function statementOf(args: unknown[]): CapturedQuery | undefined {
  const q = args[0] as string | { text?: unknown; values?: unknown } | null;
  const text = typeof q === 'string' ? q : q?.text;
  const values = Array.isArray(args[1])
    ? (args[1] as unknown[])
    : typeof q === 'object' && Array.isArray(q?.values)
      ? (q.values as unknown[])
      : [];
  return typeof text === 'string' ? { text, values } : undefined;
}

/**
 * A pg client that records what it sends while capture is on; given to the pool through its
 * documented `Client` option (pg-pool's custom client constructor). Off, it costs one extra
 * function call per query, the same in both servers.
 */
export class CapturingClient extends pg.Client {
  // Restated loosely: pg.Client['query'] has overloads a method cannot restate one by one.
  override query(...args: unknown[]): never {
    const statement = captured ? statementOf(args) : undefined;
    if (statement) captured!.push(statement);
    return (super.query as (...a: unknown[]) => never).apply(this, args);
  }
}

/** Switches the capture of CapturingClient's statements on and off. */
export function installSqlCapture(): { start(): void; stop(): CapturedQuery[] } {
  return {
    start: () => {
      captured = [];
    },
    stop: () => {
      const out = captured ?? [];
      captured = null;
      return out;
    },
  };
}

/** SQL text with its layout removed, for comparing statements built by different code. */
export const normalizeSql = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .replace(/\s*,\s*/g, ', ')
    .trim();
