import { z } from 'zod';
import { isoDate, MAX_DATE, MIN_DATE, safeText } from '../../contract/common';
import type { FieldType, FilterOperator } from '../../contract/data-api';
import { invalid } from '../http/invalid-input';
import type { FieldDef } from './entity-registry';

// The values a filter may compare a field with, by the field's type: each is checked here, so
// PostgreSQL never sees a value it cannot read as the column's type (that would be a 500).

/** The operators each field type accepts (also answered by GET /api/v1/mysql/schema). */
export const operatorsByType: Record<FieldType, FilterOperator[]> = {
  uuid: ['=', '!=', 'IN', 'IS NOT NULL'],
  text: ['=', '!=', '<', '<=', '>', '>=', 'LIKE', 'BETWEEN', 'IN', 'IS NOT NULL'],
  enum: ['=', '!=', 'LIKE', 'IN', 'IS NOT NULL'],
  integer: ['=', '!=', '<', '<=', '>', '>=', 'BETWEEN', 'IN', 'IS NOT NULL'],
  decimal: ['=', '!=', '<', '<=', '>', '>=', 'BETWEEN', 'IN', 'IS NOT NULL'],
  boolean: ['=', '!=', 'IS NOT NULL'],
  date: ['=', '!=', '<', '<=', '>', '>=', 'BETWEEN', 'IN', 'IS NOT NULL'],
  timestamp: ['=', '!=', '<', '<=', '>', '>=', 'BETWEEN', 'IN', 'IS NOT NULL'],
};

const INT = 2_147_483_647;
const integer = z.union([
  z.number().int().min(-INT).max(INT),
  z
    .string()
    .regex(/^-?\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().min(-INT).max(INT)),
]);
const DECIMAL = /^-?\d{1,18}(\.\d{1,6})?$/;
const decimal = z
  .union([z.number().finite().transform(String), z.string().trim()])
  .refine((s) => DECIMAL.test(s), 'must be a decimal number');
const inRange = (s: string) => s.slice(0, 10) >= MIN_DATE && s.slice(0, 10) <= MAX_DATE;
const timestamp = z.union([
  isoDate,
  z.iso.datetime({ offset: true }).refine(inRange, `must be between ${MIN_DATE} and ${MAX_DATE}`),
]);

const uuid = z.uuid();
const boolean = z.boolean();
const text = safeText().max(1000);
const part = safeText().max(100);
/** An enum field's states, built once per field: a zod schema costs more to build than to run. */
const states = new WeakMap<FieldDef, z.ZodType>();

function statesOf(field: FieldDef): z.ZodType {
  let schema = states.get(field);
  if (!schema) states.set(field, (schema = z.enum(field.values as [string, ...string[]])));
  return schema;
}

function valueOf(field: FieldDef, operator: FilterOperator): z.ZodType {
  switch (field.type) {
    case 'uuid':
      return uuid;
    case 'enum':
      // LIKE looks for part of a state's name; the others compare with a whole one.
      return operator === 'LIKE' ? part : statesOf(field);
    case 'text':
      return text;
    case 'integer':
      return integer;
    case 'decimal':
      return decimal;
    case 'boolean':
      return boolean;
    case 'date':
      return isoDate;
    case 'timestamp':
      return timestamp;
  }
}

/** One comparison value of `field`, checked against its type. */
export function filterValue(
  field: FieldDef,
  operator: FilterOperator,
  value: unknown,
  where: string,
): unknown {
  const result = valueOf(field, operator).safeParse(value);
  if (!result.success) throw invalid(where, result.error.issues[0]?.message ?? 'is invalid');
  return result.data;
}

/** LIKE finds the term anywhere: its own %, _ and \ are matched literally. */
export const likePattern = (term: string): string =>
  `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
