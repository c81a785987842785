import { foldCase } from './soql-engine';

// The SOSL a local Salesforce-compatible server understands: FIND {term} IN ALL FIELDS
// [RETURNING Object[(field, ... [ORDER BY field [ASC|DESC]] [LIMIT n] [OFFSET m])]] [LIMIT n]
// [OFFSET m], with Salesforce's rules: OFFSET only on one object, and at most 2,000. In the term a backslash escapes one of SOSL's
// reserved characters, * and ? are wildcards, and any other reserved character left unescaped
// is refused (it would be an operator in Salesforce), so a connector that forgets to escape is
// caught. Matching is simpler than Salesforce's word index: the term, case-insensitively,
// anywhere in a text field.

export class SoslError extends Error {
  constructor(
    readonly errorCode: 'MALFORMED_SEARCH' | 'INVALID_FIELD' | 'INVALID_TYPE',
    message: string,
  ) {
    super(message);
  }
}

export interface ParsedSearch {
  /** As written; undefined: every object. */
  objectName: string | undefined;
  fields: string[];
  /** The field one object's results are ordered by, as written. */
  orderBy: { field: string; descending: boolean } | undefined;
  limit: number;
  offset: number;
  matches(text: string): boolean;
}

export const SOSL_RESERVED = '?&|!{}[]()^~*:\\"\'+-';
const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;
const REST =
  /^\s+IN\s+ALL\s+FIELDS(?:\s+RETURNING\s+(\w+)(?:\s*\(\s*([\w.]+(?:\s*,\s*[\w.]+)*)(?:\s+ORDER\s+BY\s+([\w.]+)(?:\s+(ASC|DESC))?)?(?:\s+LIMIT\s+(\d+))?(?:\s+OFFSET\s+(\d+))?\s*\))?)?(?:\s+LIMIT\s+(\d+))?(?:\s+OFFSET\s+(\d+))?\s*$/i;
const MAX_OFFSET = 2000;

const malformed = (message: string) => new SoslError('MALFORMED_SEARCH', message);

/** The term between FIND's braces as a regular expression source, and where it ends. */
function readTerm(sosl: string): { source: string; end: number } {
  const start = /^\s*FIND\s*\{/i.exec(sosl);
  if (!start) throw malformed('Search string must start with FIND {');
  let source = '';
  for (let i = start[0].length; i < sosl.length; i++) {
    const c = sosl[i]!;
    if (c === '}') return { source, end: i + 1 };
    if (c === '\\') {
      const e = sosl[++i] ?? '';
      if (!SOSL_RESERVED.includes(e) || e === '') throw malformed(`Invalid escape \\${e}`);
      source += e.replace(REGEX_SPECIAL, '\\$&');
    } else if (c === '*') source += '[\\s\\S]*';
    else if (c === '?') source += '[\\s\\S]';
    else if (SOSL_RESERVED.includes(c)) throw malformed(`Unescaped reserved character ${c}`);
    else source += foldCase(c).replace(REGEX_SPECIAL, '\\$&');
  }
  throw malformed('The search term is not closed with }');
}

/**
 * Reads one SOSL statement; `fieldsOf` gives an object's fields (lower-case name → name), or
 * undefined when there is no such object.
 */
export function readSosl(
  sosl: string,
  fieldsOf: (objectName: string) => ReadonlyMap<string, string> | undefined,
): ParsedSearch {
  const { source, end } = readTerm(sosl);
  if (source === '') throw malformed('The search term is empty');
  const rest = REST.exec(sosl.slice(end));
  if (!rest) throw malformed(`Unexpected text after the term: ${sosl.slice(end, end + 40)}`);
  const [, objectName, fieldList, order, direction, innerLimit, innerOffset, limit, offset] = rest;
  if (offset !== undefined)
    throw malformed('OFFSET is allowed only on a single object in RETURNING');
  if (Number(innerOffset ?? 0) > MAX_OFFSET)
    throw malformed(`SOSL offset should be between 0 to ${MAX_OFFSET}`);
  const fields = fieldList?.split(',').map((f) => f.trim()) ?? ['Id'];
  if (objectName !== undefined) {
    const known = fieldsOf(objectName);
    if (!known)
      throw new SoslError('INVALID_TYPE', `sObject type '${objectName}' is not supported.`);
    const unknown = [...fields, ...(order ? [order] : [])].find((f) => !known.has(f.toLowerCase()));
    if (unknown)
      throw new SoslError(
        'INVALID_FIELD',
        `No such column '${unknown}' on entity '${objectName}'.`,
      );
  }
  const re = new RegExp(source);
  return {
    objectName,
    fields,
    orderBy: order ? { field: order, descending: direction?.toUpperCase() === 'DESC' } : undefined,
    limit: Number(innerLimit ?? limit ?? 2000),
    offset: Number(innerOffset ?? 0),
    matches: (text) => re.test(foldCase(text)),
  };
}
