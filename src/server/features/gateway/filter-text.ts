import { gatewayInvalid } from './gateway-invalid';

/** A value a filter compares with. */
export type Primitive = string | number | boolean | null;

// The spec's written filter, "Active=true": conditions `Field op value` joined by AND, read into
// the filter map that /api/v1/mysql/query takes. Values: true, false, null, numbers, 'text' or
// "text" (a backslash escapes the quote), or a bare word.

const TOKEN =
  /\s*(?:(AND)\b|([A-Za-z][A-Za-z0-9_.]*)|(!=|<>|<=|>=|=|<|>)|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?))/iy;

type Token =
  | { kind: 'and' }
  | { kind: 'word'; text: string }
  | { kind: 'op'; text: string }
  | { kind: 'value'; value: Primitive };

function tokens(text: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) throw gatewayInvalid('filter', `cannot read the filter at character ${at + 1}`);
    if (m[1]) out.push({ kind: 'and' });
    else if (m[2]) out.push({ kind: 'word', text: m[2] });
    else if (m[3]) out.push({ kind: 'op', text: m[3] });
    else if (m[4] !== undefined || m[5] !== undefined)
      out.push({ kind: 'value', value: (m[4] ?? m[5])!.replace(/\\(.)/g, '$1') });
    else out.push({ kind: 'value', value: Number(m[6]) });
  }
  return out;
}

const WORDS: Record<string, Primitive> = { true: true, false: false, null: null };

function value(token: Token | undefined): Primitive {
  if (token?.kind === 'value') return token.value;
  if (token?.kind === 'word') {
    const lower = token.text.toLowerCase();
    return lower in WORDS ? WORDS[lower]! : token.text;
  }
  throw gatewayInvalid('filter', 'each condition is Field=value');
}

/** "Active=true AND State__c='NY'" → { Active: true, State__c: 'NY' }. */
export function parseFilterText(text: string): Record<string, unknown> {
  const list = tokens(text);
  const map: Record<string, unknown> = {};
  for (let i = 0; i < list.length; i += 4) {
    const [field, op, v, joiner] = list.slice(i, i + 4);
    const isLike =
      field?.kind === 'word' && op?.kind === 'word' && op.text.toUpperCase() === 'LIKE';
    if (field?.kind !== 'word' || (op?.kind !== 'op' && !isLike))
      throw gatewayInvalid('filter', 'each condition is Field=value, joined by AND');
    if (joiner !== undefined && joiner.kind !== 'and')
      throw gatewayInvalid('filter', 'join conditions with AND');
    if (i + 4 === list.length && joiner)
      throw gatewayInvalid('filter', 'a condition must follow AND');
    if (field.text in map) throw gatewayInvalid('filter', `name ${field.text} once`);
    const operator = isLike ? 'LIKE' : (op as { text: string }).text;
    map[field.text] = operator === '=' ? value(v) : { operator, value: value(v) };
  }
  return map;
}
