import pg from 'pg';

/**
 * Records the SQL text of every query a pg client of this process sends, while switched on, so
 * the bench can show that the bare handler sends the same statements as the app. Off, it costs
 * one extra function call per query, the same in both servers.
 */
export interface CapturedQuery {
  text: string;
  values: unknown[];
}

export function installSqlCapture(): { start(): void; stop(): CapturedQuery[] } {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let captured: CapturedQuery[] | null = null;
  proto.query = function (this: unknown, ...args: unknown[]): unknown {
    if (captured) {
      const q = args[0] as string | { text?: unknown; values?: unknown } | null;
      const text = typeof q === 'string' ? q : q?.text;
      const values = Array.isArray(args[1])
        ? (args[1] as unknown[])
        : typeof q === 'object' && Array.isArray(q?.values)
          ? (q.values as unknown[])
          : [];
      if (typeof text === 'string') captured.push({ text, values });
    }
    return original.apply(this, args);
  };
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
