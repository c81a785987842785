import { gatewayInvalid } from '../gateway-invalid';
import { fieldName } from '../../../salesforce/field-name';

// A search as SOSL: FIND {term} IN ALL FIELDS [RETURNING Object(fields ORDER BY Id LIMIT n
// [OFFSET m])] or, over every object, [LIMIT n]. Each of SOSL's reserved characters in the term
// is escaped with a backslash, so the term cannot close the braces, add a clause or use a
// wildcard: it is searched for as written. (Words such as AND and OR keep their SOSL meaning
// inside the term; they cannot leave it.) One object's results are ordered by Id, so that its
// pages (LIMIT and OFFSET) follow one another.

const SOSL_RESERVED = /[?&|!{}[\]()^~*:\\"'+-]/g;

/** Salesforce's ceilings: rows one search answers, and rows it skips (OFFSET). */
export const SOSL_MAX = { limit: 2000, offset: 2000 };

export const soslTerm = (term: string): string => term.replace(SOSL_RESERVED, (c) => `\\${c}`);

export interface SoslOptions {
  /** The one object to search; every searchable object (Ids only) when absent. */
  objectName?: string;
  /** The fields returned for objectName; Id and Name by default. */
  fields?: string[];
  /** Records at most, 1 to 2,000. */
  limit: number;
  /** Records skipped: one object's search only (Salesforce's rule), at most 2,000. */
  offset?: number;
}

export function buildSosl(term: string, opts: SoslOptions): string {
  const { limit, offset = 0 } = opts;
  if (!Number.isInteger(limit) || limit < 1 || limit > SOSL_MAX.limit)
    throw gatewayInvalid('limit', `must be a whole number from 1 to ${SOSL_MAX.limit}`);
  const fields = (opts.fields ?? ['Id', 'Name']).map((f, i) => fieldName(f, `fields.${i}`));
  const object = opts.objectName && fieldName(opts.objectName, 'objectName');
  const find = `FIND {${soslTerm(term)}} IN ALL FIELDS`;
  if (!object) return `${find} LIMIT ${limit}`;
  const skip = offset > 0 ? ` OFFSET ${offset}` : '';
  return `${find} RETURNING ${object}(${fields.join(', ')} ORDER BY Id LIMIT ${limit}${skip})`;
}
