import { z } from 'zod';
import { amount, isoDate, safeText } from '../../../contract/common';
import type { DataEntity } from '../../../contract/data-api';
import type { EntityDef, FieldDef } from '../../data-layer/entity-registry';
import { registry } from '../../data-layer/entity-registry';

// Write schemas built from the entity registry: what create and update accept, field by field.
// Every text is safeText (no NUL, no lone surrogate), every date isoDate, money exact (`amount`).

const INT_MAX = 2_147_483_647;

/** The value a write may give `field`. */
export function writeValue(field: FieldDef): z.ZodType {
  const required = !field.nullable && !field.hasDefault;
  const base = ((): z.ZodType => {
    switch (field.type) {
      case 'uuid':
        return z.uuid();
      case 'text':
        return required
          ? safeText()
              .max(field.maxLength ?? 500)
              .refine((s) => s.trim() !== '', 'must not be empty')
          : safeText().max(field.maxLength ?? 500);
      case 'enum':
        return z.enum(field.values as [string, ...string[]]);
      case 'integer':
        return z.number().int().min(0).max(INT_MAX);
      case 'decimal':
        return amount;
      case 'boolean':
        return z.boolean();
      case 'date':
        return isoDate;
      case 'timestamp':
        return z.never();
    }
  })();
  return field.nullable ? base.nullable() : base;
}

const writable = (def: EntityDef) => def.fields.filter((f) => !f.system);

function createSchemaOf(def: EntityDef) {
  const shape = Object.fromEntries(
    writable(def).map((f) => {
      const value = writeValue(f);
      return [f.name, f.nullable || f.hasDefault ? value.optional() : value];
    }),
  );
  return z.strictObject(shape);
}

/** All but the tenant (a row never moves); a state only as its state machine allows. */
export const updatableFields = (def: EntityDef): FieldDef[] =>
  writable(def).filter((f) => f.name !== 'tenant_id');

function updateSchemaOf(def: EntityDef) {
  const shape = Object.fromEntries(
    updatableFields(def).map((f) => [f.name, writeValue(f).optional()]),
  );
  return z.strictObject(shape);
}

type Schemas = Record<DataEntity, z.ZodType<Record<string, unknown>>>;
const build = (of: (def: EntityDef) => z.ZodType<Record<string, unknown>>): Schemas =>
  Object.fromEntries(Object.values(registry).map((def) => [def.name, of(def)])) as Schemas;

export const createSchemas: Schemas = build(createSchemaOf);
export const updateSchemas: Schemas = build(updateSchemaOf);

/** A field's value in an answer, as sql-output.ts writes it (money as exact decimal text). */
export function readValue(field: FieldDef): z.ZodType {
  const base = ((): z.ZodType => {
    switch (field.type) {
      case 'uuid':
        return z.uuid();
      case 'text':
        return z.string();
      case 'enum':
        return z.enum(field.values as [string, ...string[]]);
      case 'integer':
        return z.number().int();
      case 'decimal':
        return z.string().describe('An exact decimal, such as "12.50"');
      case 'boolean':
        return z.boolean();
      case 'date':
        return z.iso.date();
      case 'timestamp':
        return z.iso.datetime();
    }
  })();
  return field.nullable ? base.nullable() : base;
}

/** Each entity's record as its routes answer it: every field, by name. */
export const recordSchemas: Schemas = build((def) =>
  z.object(Object.fromEntries(def.fields.map((f) => [f.name, readValue(f)]))),
);
