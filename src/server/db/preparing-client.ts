import { createHash } from 'node:crypto';
import pg from 'pg';

/** Named statements kept per connection; past this, statements run unnamed (bounded memory). */
export const MAX_PREPARED_PER_CONNECTION = 500;

/** Statement names by text, so the hot statements are hashed once per process, not per call. */
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= 10 * MAX_PREPARED_PER_CONNECTION) names.clear();
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/**
 * A pg client that prepares each parameterised statement once per connection, named by a hash
 * of its text: PostgreSQL then parses and analyses it once, and may keep a generic plan, rather
 * than doing both on every call (a third of PostgreSQL's CPU in a transfer: decision 031).
 * Statements without parameters (BEGIN, COMMIT) stay on the simple protocol.
 */
export class PreparingClient extends pg.Client {
  /** The names of the statements this connection has prepared. */
  readonly prepared = new Set<string>();
}

// Assigned rather than declared: pg.Client['query'] has overloads a method cannot restate.
PreparingClient.prototype.query = function query(
  this: PreparingClient,
  ...args: unknown[]
): unknown {
  const [given, values] = args;
  const config = typeof given === 'string' ? { text: given } : given;
  if (isUnnamedStatement(config) && hasParameters(config, values)) {
    const name = nameOf(config.text);
    if (this.prepared.has(name) || this.prepared.size < MAX_PREPARED_PER_CONNECTION) {
      this.prepared.add(name);
      args[0] = { ...config, name };
    }
  }
  // Looked up at each call, so a wrapper installed on pg.Client later (the bench's SQL capture) sees it.
  const base = Object.getPrototypeOf(PreparingClient.prototype) as {
    query: (...a: unknown[]) => unknown;
  };
  return base.query.apply(this, args);
} as pg.Client['query'];

interface StatementConfig {
  text: string;
  name?: string;
  values?: unknown[];
}

function isUnnamedStatement(config: unknown): config is StatementConfig {
  if (config === null || typeof config !== 'object') return false;
  const c = config as Partial<StatementConfig> & { submit?: unknown };
  return typeof c.text === 'string' && c.name === undefined && c.submit === undefined;
}

const hasParameters = (config: StatementConfig, values: unknown): boolean =>
  (Array.isArray(values) && values.length > 0) ||
  (Array.isArray(config.values) && config.values.length > 0);
