// The SOQL a local Salesforce-compatible server understands: SELECT fields FROM Object
// [WHERE conditions with AND, OR, NOT and parentheses; = != <> < <= > >= LIKE IN NOT IN]
// [ORDER BY f [ASC|DESC], ...] [LIMIT n] [OFFSET n], with Salesforce's string escapes, evaluated
// over records in memory. It is strict on purpose: whatever real Salesforce refuses (an unknown
// escape, \% outside LIKE, AND and OR mixed without parentheses) it refuses too, so the
// connector's statements are checked by a parser rather than by string comparison.
// As in Salesforce, field and object names and text comparisons ignore case, and != and NOT IN
// keep records whose field is null.

export class SoqlError extends Error {
  constructor(
    readonly errorCode: 'MALFORMED_QUERY' | 'INVALID_FIELD' | 'INVALID_TYPE',
    message: string,
  ) {
    super(message);
  }
}

export type SoqlValue = string | number | boolean | null;
type Row = Record<string, unknown>;
type Predicate = (row: Row) => boolean;

/** An object's fields: lower-case name → the name as the object spells it. */
export type FieldNames = ReadonlyMap<string, string>;

export interface ParsedQuery {
  fields: string[];
  objectName: string;
  where: Predicate;
  orderBy: Array<{ field: string; descending: boolean }>;
  limit: number | undefined;
  offset: number;
}

type TokenKind = 'string' | 'date' | 'number' | 'symbol' | 'word';
interface Token {
  kind: TokenKind;
  /** For strings, the text between the quotes with its escapes still written. */
  text: string;
}

const DATE =
  '\\d{4}-\\d{2}-\\d{2}(?:T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,3})?(?:Z|[+-]\\d{2}:\\d{2}))?';
const TOKEN = new RegExp(
  [
    `'((?:[^'\\\\]|\\\\[\\s\\S])*)'`,
    `(${DATE})(?![\\w:.])`,
    `(-?\\d+(?:\\.\\d+)?)(?![\\w.])`,
    `(!=|<>|<=|>=|<|>|=|\\(|\\)|,)`,
    `([A-Za-z_][\\w.]*)`,
  ].join('|'),
  'y',
);
const KINDS: TokenKind[] = ['string', 'date', 'number', 'symbol', 'word'];

function tokenize(soql: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < soql.length) {
    if (/\s/.test(soql[at]!)) {
      at++;
      continue;
    }
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(soql);
    if (!m) throw malformed(`unexpected character at ${at + 1}: ${soql.slice(at, at + 10)}`);
    const group = m.slice(1).findIndex((g) => g !== undefined);
    tokens.push({ kind: KINDS[group]!, text: m[group + 1]! });
    at = TOKEN.lastIndex;
  }
  return tokens;
}

const malformed = (message: string) => new SoqlError('MALFORMED_QUERY', message);

/** Salesforce's escapes in a quoted string (its documented list; any other is an error). */
const ESCAPES: Record<string, string> = {
  n: '\n',
  N: '\n',
  r: '\r',
  R: '\r',
  t: '\t',
  T: '\t',
  b: '\b',
  B: '\b',
  f: '\f',
  F: '\f',
  '"': '"',
  "'": "'",
  '\\': '\\',
};

type Part = { literal: string } | { wildcard: '%' | '_' };

/** A quoted string as literal text and, in a LIKE pattern, its unescaped % and _. */
function partsOf(raw: string, like: boolean): Part[] {
  const parts: Part[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (like && (c === '%' || c === '_')) parts.push({ wildcard: c });
    else if (c !== '\\') parts.push({ literal: c });
    else if (raw[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(raw.slice(i + 2, i + 6))) {
      parts.push({ literal: String.fromCharCode(parseInt(raw.slice(i + 2, i + 6), 16)) });
      i += 5;
    } else {
      const e = raw[++i] ?? '';
      // \% and \_ are LIKE's own escapes; Salesforce refuses them, and any unknown one, elsewhere.
      const known = like && (e === '%' || e === '_') ? e : ESCAPES[e];
      if (known === undefined) throw malformed(`Invalid string literal: illegal escape \\${e}`);
      parts.push({ literal: known });
    }
  }
  return parts;
}

const textOf = (raw: string): string =>
  partsOf(raw, false)
    .map((p) => ('literal' in p ? p.literal : ''))
    .join('');

/**
 * Lower case one UTF-16 unit at a time: without the context rules of toLowerCase (a final
 * sigma), so that a pattern's pieces and a whole value fold alike.
 */
export const foldCase = (text: string): string => text.replace(/[\s\S]/g, (c) => c.toLowerCase());

/** A stored value as folded text, for LIKE and for ordering text. */
const textOfValue = (v: unknown): string =>
  foldCase(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
const fold = (v: unknown): unknown => (typeof v === 'string' ? foldCase(v) : v);

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;

/** A LIKE pattern as a test of a value; case-insensitive as `fold` is. */
function likeTest(raw: string): (value: unknown) => boolean {
  const source = partsOf(raw, true)
    .map((p) =>
      'literal' in p
        ? foldCase(p.literal).replace(REGEX_SPECIAL, '\\$&')
        : p.wildcard === '%'
          ? '[\\s\\S]*'
          : '[\\s\\S]',
    )
    .join('');
  const re = new RegExp(`^${source}$`);
  return (value) => value !== null && value !== undefined && re.test(textOfValue(value));
}

const same = (a: unknown, b: SoqlValue): boolean => fold(a ?? null) === fold(b);

/** Nulls first; numbers by value; text without regard to case. */
export function compare(a: unknown, b: unknown): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [textOfValue(a), textOfValue(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** SOQL's reserved words that the subset uses: never a field's name. */
const KEYWORDS = new Set(
  'SELECT FROM WHERE AND OR NOT IN LIKE ORDER BY ASC DESC LIMIT OFFSET NULL TRUE FALSE'.split(' '),
);

const ORDERED: Record<string, (c: number) => boolean> = {
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
};

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly fields: FieldNames,
  ) {}

  peek(word?: string): Token | undefined {
    const t = this.tokens[this.i];
    if (word === undefined || !t) return t;
    return t.kind !== 'string' && t.text.toUpperCase() === word ? t : undefined;
  }
  next(): Token {
    const t = this.tokens[this.i++];
    if (!t) throw malformed('unexpected end of query');
    return t;
  }
  accept(word: string): boolean {
    if (!this.peek(word)) return false;
    this.i++;
    return true;
  }
  expect(word: string): void {
    const t = this.next();
    if (t.kind === 'string' || t.text.toUpperCase() !== word)
      throw malformed(`unexpected token: '${t.text}', expected ${word}`);
  }
  done = () => this.i >= this.tokens.length;

  field(): string {
    const t = this.next();
    if (t.kind !== 'word' || KEYWORDS.has(t.text.toUpperCase()))
      throw malformed(`unexpected token: '${t.text}', expected a field`);
    const name = this.fields.get(t.text.toLowerCase());
    // The first line of Salesforce's message (it goes on about the entity and custom fields).
    if (!name) throw new SoqlError('INVALID_FIELD', `No such column '${t.text}'`);
    return name;
  }
  integer(): number {
    const t = this.next();
    if (t.kind !== 'number' || !/^\d+$/.test(t.text))
      throw malformed(`unexpected token: '${t.text}', expected a whole number`);
    return Number(t.text);
  }
  value(): SoqlValue {
    const t = this.next();
    if (t.kind === 'string') return textOf(t.text);
    if (t.kind === 'date') return t.text;
    if (t.kind === 'number') return Number(t.text);
    const word = t.kind === 'word' ? t.text.toLowerCase() : '';
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    throw malformed(`unexpected token: '${t.text}', expected a value`);
  }
  list(): SoqlValue[] {
    this.expect('(');
    const values = [this.value()];
    while (this.accept(',')) values.push(this.value());
    this.expect(')');
    return values;
  }

  condition(): Predicate {
    if (this.accept('NOT')) {
      const inner = this.condition();
      return (row) => !inner(row);
    }
    if (this.accept('(')) {
      const inner = this.expression();
      this.expect(')');
      return inner;
    }
    const field = this.field();
    const get = (row: Row) => row[field] ?? null;
    if (this.accept('NOT')) {
      this.expect('IN');
      const values = this.list();
      return (row) => !values.some((v) => same(get(row), v));
    }
    const op = this.next();
    const operator = op.kind === 'string' ? '' : op.text.toUpperCase();
    if (operator === 'IN') {
      const values = this.list();
      return (row) => values.some((v) => same(get(row), v));
    }
    if (operator === 'LIKE') {
      const t = this.next();
      if (t.kind !== 'string') throw malformed(`LIKE needs a quoted pattern, got '${t.text}'`);
      const test = likeTest(t.text);
      return (row) => test(get(row));
    }
    const v = this.value();
    if (operator === '=') return (row) => same(get(row), v);
    if (operator === '!=' || operator === '<>') return (row) => !same(get(row), v);
    const test = ORDERED[operator];
    if (!test) throw malformed(`unexpected token: '${op.text}', expected an operator`);
    return (row) => get(row) !== null && v !== null && test(compare(get(row), v));
  }

  /** Conditions joined by AND or by OR: SOQL refuses both at one level without parentheses. */
  expression(): Predicate {
    const parts = [this.condition()];
    let joiner: 'AND' | 'OR' | undefined;
    for (;;) {
      const word = this.peek('AND') ? 'AND' : this.peek('OR') ? 'OR' : undefined;
      if (!word) break;
      if (joiner && joiner !== word)
        throw malformed(`unexpected token: '${word}': use parentheses to mix AND and OR`);
      joiner = word;
      this.next();
      parts.push(this.condition());
    }
    return joiner === 'OR' ? (r) => parts.some((p) => p(r)) : (r) => parts.every((p) => p(r));
  }

  orderBy(): ParsedQuery['orderBy'] {
    const items: ParsedQuery['orderBy'] = [];
    do {
      const field = this.field();
      const descending = this.accept('DESC');
      if (!descending) this.accept('ASC');
      items.push({ field, descending });
    } while (this.accept(','));
    return items;
  }
}

/** The object named after FROM, found before the fields so that they can be checked. */
function objectOf(tokens: Token[], objectNames: (name: string) => string | undefined): string {
  const from = tokens.findIndex((t) => t.kind === 'word' && t.text.toUpperCase() === 'FROM');
  const written = from < 0 ? undefined : tokens[from + 1];
  if (!written || written.kind !== 'word')
    throw malformed('unexpected token: expected FROM Object');
  const name = objectNames(written.text);
  if (!name)
    throw new SoqlError('INVALID_TYPE', `sObject type '${written.text}' is not supported.`);
  return name;
}

/**
 * Reads one statement. `objectNames` gives an object's own spelling for any case of its name
 * (undefined: no such object); `fieldsOf` its fields.
 */
export function parseSoql(
  soql: string,
  objectNames: (name: string) => string | undefined,
  fieldsOf: (objectName: string) => FieldNames,
): ParsedQuery {
  const tokens = tokenize(soql);
  const objectName = objectOf(tokens, objectNames);
  const p = new Parser(tokens, fieldsOf(objectName));
  p.expect('SELECT');
  const fields = [p.field()];
  while (p.accept(',')) fields.push(p.field());
  p.expect('FROM');
  p.next();
  const query: ParsedQuery = {
    fields,
    objectName,
    where: () => true,
    orderBy: [],
    limit: undefined,
    offset: 0,
  };
  if (p.accept('WHERE')) query.where = p.expression();
  if (p.accept('ORDER')) {
    p.expect('BY');
    query.orderBy = p.orderBy();
  }
  if (p.accept('LIMIT')) query.limit = p.integer();
  if (p.accept('OFFSET')) query.offset = p.integer();
  if (!p.done()) throw malformed(`unexpected token: '${p.peek()!.text}'`);
  return query;
}

/** The records a parsed statement selects, each with only its fields and `attributes`. */
export function runSoql(query: ParsedQuery, records: Row[]): Row[] {
  const sorted = records.filter(query.where).sort((a, b) => {
    for (const { field, descending } of query.orderBy) {
      const c = compare(a[field], b[field]);
      if (c !== 0) return descending ? -c : c;
    }
    return 0;
  });
  const end = query.limit === undefined ? undefined : query.offset + query.limit;
  return sorted
    .slice(query.offset, end)
    .map((r): Row =>
      Object.fromEntries([
        ['attributes', r.attributes],
        ...query.fields.map((f): [string, unknown] => [f, r[f] ?? null]),
      ]),
    );
}
