import type { Primitive } from '../filter-text';
import { gatewayInvalid } from '../gateway-invalid';
import type { Condition, Filter, GatewayQuery } from '../gateway-query';

// A gateway query as SOQL. Names were checked by gateway-query (letters, digits, _ and dots);
// every value is written as a SOQL literal with Salesforce's escapes ("Quoted String Escape
// Sequences"), so nothing a caller sends can end a string and become part of the statement.
//
// Dates: a text shaped as a date (2024-01-31) or a date-time with its zone
// (2024-01-31T09:00:00Z) is written unquoted, as a SOQL date literal, because Salesforce
// refuses a quoted value for a Date or DateTime field ("should not be enclosed in quotes") and
// filtering on dates is the common case (decision 113). The price: such a text compared with a
// text field is refused by Salesforce (422 GATEWAY.REJECTED) rather than matched. Every other
// text is quoted.

/** Salesforce's escape sequences in a quoted SOQL string. */
const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '"': '\\"',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
  // LIKE only: a literal % or _ rather than a wildcard.
  '%': '\\%',
  _: '\\_',
};

/** The text between a SOQL string's quotes; in a LIKE pattern, % and _ are matched literally. */
export const soqlEscape = (text: string, like = false): string =>
  text.replace(like ? /[\\'"\n\r\t\b\f%_]/g : /[\\'"\n\r\t\b\f]/g, (c) => ESCAPES[c]!);

const soqlString = (text: string): string => `'${soqlEscape(text)}'`;

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2}))?$/;

/** A number as SOQL reads it: plain decimals, never JavaScript's exponent form (1e+21). */
export function soqlNumber(n: number): string {
  const text = String(n);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, sign = '', int = '', fraction = '', exponent = '0'] = m;
  const digits = int + fraction;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

export function soqlValue(value: Primitive): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return soqlNumber(value);
  return DATE.test(value) ? value : soqlString(value);
}

function condition(c: Condition): string {
  const list = Array.isArray(c.value) ? c.value : [c.value];
  switch (c.operator) {
    case 'IS NOT NULL':
      return `${c.field} != null`;
    case 'IN':
      return `${c.field} IN (${list.map(soqlValue).join(', ')})`;
    case 'BETWEEN':
      return `(${c.field} >= ${soqlValue(list[0]!)} AND ${c.field} <= ${soqlValue(list[1]!)})`;
    case 'LIKE':
      // The gateway's LIKE is "contains": the caller's term, its own % and _ literal.
      return `${c.field} LIKE '%${soqlEscape(String(c.value), true)}%'`;
    default:
      return `${c.field} ${c.operator} ${soqlValue(c.value as Primitive)}`;
  }
}

/** ANDed filters; each $or a parenthesized OR of its branches, a branch of several in (). */
function where(filters: Filter[]): string {
  return filters
    .map((f) =>
      f.kind === 'condition'
        ? condition(f)
        : `(${f.branches.map((b) => (b.length === 1 ? where(b) : `(${where(b)})`)).join(' OR ')})`,
    )
    .join(' AND ');
}

function* namedFields(query: GatewayQuery): Generator<{ field: string; at: string }> {
  for (const [i, field] of (query.fields ?? []).entries()) yield { field, at: `fields.${i}` };
  const pending = [...query.where];
  for (let f = pending.shift(); f; f = pending.shift())
    if (f.kind === 'condition') yield { field: f.field, at: f.at };
    else pending.push(...f.branches.flat());
  for (const [i, o] of query.orderBy.entries()) yield { field: o.field, at: `orderBy.${i}` };
}

/** 400 naming the first field the object does not have (names compared as Salesforce does). */
function checkFields(query: GatewayQuery, knownFields: Iterable<string>): void {
  const known = new Set([...knownFields].map((f) => f.toLowerCase()));
  for (const { field, at } of namedFields(query))
    if (!known.has(field.toLowerCase()))
      throw gatewayInvalid(at, `${query.objectName} has no field ${field}`);
}

/**
 * The SOQL statement of a gateway query. `knownFields`, when given, are the object's fields: a
 * query naming another is refused here (400) instead of by Salesforce (422).
 */
export function buildSoql(query: GatewayQuery, knownFields?: Iterable<string>): string {
  if (knownFields) checkFields(query, knownFields);
  const fields = query.fields ?? ['Id', 'Name'];
  const parts = [`SELECT ${fields.join(', ')} FROM ${query.objectName}`];
  if (query.where.length > 0) parts.push(`WHERE ${where(query.where)}`);
  if (query.orderBy.length > 0)
    parts.push(
      `ORDER BY ${query.orderBy.map((o) => `${o.field} ${o.descending ? 'DESC' : 'ASC'}`).join(', ')}`,
    );
  if (query.limit !== null) parts.push(`LIMIT ${query.limit}`);
  if (query.offset > 0) parts.push(`OFFSET ${query.offset}`);
  return parts.join(' ');
}
