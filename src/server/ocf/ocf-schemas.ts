import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// The official OCF schemas (ocf-schema/, copied unchanged; decision 126) in one ajv 8 instance:
// every file is added by its `$id` before anything is compiled, since the schemas refer to each
// other by those URLs. The export validates its files with it (tests), the import validates each
// item it reads (an OCF package may hold objects some schema refuses: the sample's transactions).

/** Beside this module in the sources, beside the bundle in dist/server (scripts/build.ts). */
const SCHEMA_DIR = fileURLToPath(new URL('./ocf-schema/', import.meta.url));

// ajv-formats is CommonJS with a default export; under NodeNext its namespace is what arrives.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export interface OcfProblem {
  /** JSON pointer into the validated value: "/items/3/quantity". */
  path: string;
  message: string;
}

export interface OcfValidation {
  valid: boolean;
  problems: OcfProblem[];
}

export interface OcfSchemas {
  /** The `ocf_version` the manifest schema asks for ("1.2.1-alpha+main"). */
  version: string;
  /** A whole file, by its `file_type` (OCF_MANIFEST_FILE, OCF_TRANSACTIONS_FILE, ...). */
  validateFile(file: unknown): OcfValidation;
  /** One object, by its `object_type` (STAKEHOLDER, TX_STOCK_ISSUANCE, ...). */
  validateObject(object: unknown): OcfValidation;
  /** The object types the schemas define, and the file types. */
  objectTypes: readonly string[];
  fileTypes: readonly string[];
}

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return schemaFiles(path);
    return entry.name.endsWith('.schema.json') ? [path] : [];
  });
}

type Schema = { $id: string; properties?: Record<string, { const?: unknown; enum?: unknown }> };

/** The constants a schema's `object_type` or `file_type` property allows. */
function typesOf(schema: Schema, property: 'object_type' | 'file_type'): string[] {
  const p = schema.properties?.[property];
  if (p === undefined) return [];
  const values = typeof p.const === 'string' ? [p.const] : Array.isArray(p.enum) ? p.enum : [];
  return values.filter((v): v is string => typeof v === 'string');
}

const problemsOf = (errors: ErrorObject[] | null | undefined): OcfProblem[] =>
  (errors ?? []).map((e) => ({
    path: e.instancePath,
    message: `${e.message ?? 'is invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
  }));

function typeKey(value: unknown, property: 'object_type' | 'file_type'): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const type = (value as Record<string, unknown>)[property];
  return typeof type === 'string' ? type : null;
}

function loadOcfSchemas(dir: string): OcfSchemas {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const schemas = schemaFiles(dir).map((path) => JSON.parse(readFileSync(path, 'utf8')) as Schema);
  for (const schema of schemas) ajv.addSchema(schema, schema.$id);
  const byObject = new Map<string, string>();
  const byFile = new Map<string, string>();
  for (const schema of schemas) {
    // Only concrete objects and files: a primitive's property refers to the whole enum.
    if (!schema.$id.includes('/primitives/')) {
      for (const t of typesOf(schema, 'object_type')) byObject.set(t, schema.$id);
      for (const t of typesOf(schema, 'file_type')) byFile.set(t, schema.$id);
    }
  }
  const compiled = new Map<string, ValidateFunction>();
  const validator = (id: string) => {
    let fn = compiled.get(id);
    if (fn === undefined) {
      fn = ajv.getSchema(id);
      if (fn === undefined) throw new Error(`OCF schema ${id} is not loaded`);
      compiled.set(id, fn);
    }
    return fn;
  };
  const validate = (ids: Map<string, string>, property: 'object_type' | 'file_type') => {
    return (value: unknown): OcfValidation => {
      const type = typeKey(value, property);
      const id = type === null ? undefined : ids.get(type);
      if (id === undefined) {
        const message = `${property} ${JSON.stringify(type)} is not one the OCF schemas define`;
        return { valid: false, problems: [{ path: `/${property}`, message }] };
      }
      const fn = validator(id);
      const valid = fn(value);
      return { valid, problems: valid ? [] : problemsOf(fn.errors) };
    };
  };
  const manifest = schemas.find((s) => typesOf(s, 'file_type').includes('OCF_MANIFEST_FILE'));
  const version = manifest?.properties?.['ocf_version']?.const;
  if (typeof version !== 'string') throw new Error('the OCF manifest schema names no version');
  return {
    version,
    validateFile: validate(byFile, 'file_type'),
    validateObject: validate(byObject, 'object_type'),
    objectTypes: [...byObject.keys()].sort(),
    fileTypes: [...byFile.keys()].sort(),
  };
}

let loaded: OcfSchemas | undefined;

/** The OCF schemas, loaded and indexed on first use (about 190 files), then kept. */
export function ocfSchemas(): OcfSchemas {
  loaded ??= loadOcfSchemas(SCHEMA_DIR);
  return loaded;
}

/** The `ocf_version` a package of these schemas declares, without compiling anything. */
export function ocfVersion(): string {
  const path = join(SCHEMA_DIR, 'files', 'OCFManifestFile.schema.json');
  const schema = JSON.parse(readFileSync(path, 'utf8')) as Schema;
  const version = schema.properties?.['ocf_version']?.const;
  if (typeof version !== 'string') throw new Error('the OCF manifest schema names no version');
  return version;
}
