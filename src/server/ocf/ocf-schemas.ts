import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// The Open Cap Format's JSON Schemas (draft 7), copied unchanged into ./schema from the OCF
// repository (see ./schema/README.md; each file keeps its copyright $comment). Every schema is
// loaded by its `$id` before any is compiled, since they refer to each other by those URLs.
// Another directory (another OCF version) can be passed to ocfSchemas.

/** The repository's copy, beside this module: found in development, tests and production. */
export const bundledSchemaDir = fileURLToPath(new URL('./schema', import.meta.url));

interface SchemaFile {
  $id: string;
  properties?: {
    object_type?: { const?: string; enum?: string[] };
    file_type?: { const?: string };
    items?: { items?: { $ref?: string; oneOf?: Array<{ $ref?: string }> } };
  };
}

// ajv-formats is CommonJS with a default export; under NodeNext its namespace carries it.
const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

function schemaFiles(dir: string): SchemaFile[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.schema.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as SchemaFile);
}

/** One reason per failing item: the schema's words at the path it failed. */
export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  const first = (errors ?? []).slice(0, 3);
  return first
    .map((e) => `${e.instancePath || '(item)'} ${e.message ?? 'is invalid'}`.trim())
    .join('; ');
}

export interface OcfSchemas {
  /** The object schema's validator for an OCF object_type, if the schemas have one. */
  objectValidator(objectType: string): ValidateFunction | undefined;
  /** The file schema's validator for a file_type (OCF_TRANSACTIONS_FILE, ...). */
  fileValidator(fileType: string): ValidateFunction | undefined;
  /** The object types a file type's `items` may hold, per its file schema. */
  listedTypes(fileType: string): ReadonlySet<string>;
}

function build(dir: string): OcfSchemas {
  const files = schemaFiles(dir);
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  for (const file of files) ajv.addSchema(file, file.$id);
  const typeById = new Map<string, string[]>();
  const objectIds = new Map<string, string>();
  const fileIds = new Map<string, SchemaFile>();
  for (const file of files) {
    const objectType = file.properties?.object_type;
    const types = objectType?.const ? [objectType.const] : (objectType?.enum ?? []);
    for (const type of types) objectIds.set(type, file.$id);
    if (types.length > 0) typeById.set(file.$id, types);
    const fileType = file.properties?.file_type?.const;
    if (fileType) fileIds.set(fileType, file);
  }
  // ajv compiles a schema on its first use and keeps it.
  const validator = (id: string | undefined) => (id ? ajv.getSchema(id) : undefined);
  return {
    objectValidator: (objectType) => validator(objectIds.get(objectType)),
    fileValidator: (fileType) => validator(fileIds.get(fileType)?.$id),
    listedTypes(fileType) {
      const items = fileIds.get(fileType)?.properties?.items?.items;
      const refs = items?.oneOf?.map((o) => o.$ref) ?? [items?.$ref];
      return new Set(refs.flatMap((ref) => typeById.get(ref ?? '') ?? []));
    },
  };
}

const loaded = new Map<string, OcfSchemas>();

/** The schemas of `dir` (by default the bundled copy), loaded once. */
export function ocfSchemas(dir = bundledSchemaDir): OcfSchemas {
  let schemas = loaded.get(dir);
  if (!schemas) {
    schemas = build(dir);
    loaded.set(dir, schemas);
  }
  return schemas;
}
