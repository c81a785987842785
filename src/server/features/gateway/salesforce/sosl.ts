import { gatewayLimits } from '../../../../contract/gateway';
import { fieldName, gatewayInvalid } from '../gateway-query';

// A search as SOSL: FIND {term} IN ALL FIELDS [RETURNING Object(fields)] LIMIT n. Each of SOSL's
// reserved characters in the term is escaped with a backslash, so the term cannot close the
// braces, add a clause or use a wildcard: it is searched for as written. (Words such as AND and
// OR keep their SOSL meaning inside the term; they cannot leave it.)

const SOSL_RESERVED = /[?&|!{}[\]()^~*:\\"'+-]/g;

export const soslTerm = (term: string): string => term.replace(SOSL_RESERVED, (c) => `\\${c}`);

export interface SoslOptions {
  /** The one object to search; every searchable object (Ids only) when absent. */
  objectName?: string;
  /** The fields returned for objectName; Id and Name by default. */
  fields?: string[];
  /** Records at most, 1 to 2,000 (Salesforce's ceiling); gatewayLimits.defaultLimit by default. */
  limit?: number;
}

export function buildSosl(term: string, opts: SoslOptions = {}): string {
  const limit = opts.limit ?? gatewayLimits.defaultLimit;
  if (!Number.isInteger(limit) || limit < 1 || limit > gatewayLimits.maxLimit)
    throw gatewayInvalid('limit', `must be a whole number from 1 to ${gatewayLimits.maxLimit}`);
  const fields = (opts.fields ?? ['Id', 'Name']).map((f, i) => fieldName(f, `fields.${i}`));
  const object = opts.objectName && fieldName(opts.objectName, 'objectName');
  const returning = object ? ` RETURNING ${object}(${fields.join(', ')})` : '';
  return `FIND {${soslTerm(term)}} IN ALL FIELDS${returning} LIMIT ${limit}`;
}
