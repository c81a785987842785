import { z } from 'zod';
import { operationTypes } from './constants/ledger';

// Import of an Open Cap Format package (issue 26): POST /api/v1/ocf/import, multipart, one
// `.ocf.zip` or the package's `.ocf.json` files. A dry run (the default) answers the report and
// writes nothing; `?commit=true` writes it all, in one database transaction, or nothing.

export const ocfImportPath = '/api/v1/ocf/import';

/** The upload's limits (the multipart parser and the zip reader enforce them). */
export const ocfImportLimits = {
  /** Bytes of one uploaded file. */
  fileBytes: 10 * 1024 * 1024,
  /** Files in one upload. */
  files: 20,
  /** Entries in a zip. */
  zipEntries: 50,
  /** Bytes of a zip's entries, uncompressed, together. */
  zipBytes: 50 * 1024 * 1024,
} as const;

export const ocfImportQuery = z.strictObject({
  /** "true" writes the package; anything else (the default) is a dry run. */
  commit: z.enum(['true', 'false']).default('false'),
  /** The same as commit=false, for callers that name the dry run. */
  dryRun: z.enum(['true', 'false']).optional(),
});

/** One OCF object the import does not write: by its id and object_type, with the reason. */
export const ocfReportItem = z.object({
  id: z.string(),
  objectType: z.string(),
  file: z.string(),
  reason: z.string(),
});
export type OcfReportItem = z.infer<typeof ocfReportItem>;

export const ocfHolderToCreate = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  holderType: z.enum(['individual', 'entity']),
});

export const ocfClassToSet = z.object({
  id: z.string(),
  classType: z.enum(['common', 'preferred']),
  name: z.string(),
  prefix: z.string(),
  authorizedShares: z.string().nullable(),
});

export const ocfOperationToPost = z.object({
  id: z.string(),
  objectType: z.string(),
  date: z.string(),
  type: z.enum(operationTypes),
  holder: z.string(),
  toHolder: z.string().nullable(),
  shares: z.string(),
  /** The OCF security the operation creates (its custom_id when it has one). */
  security: z.string().nullable(),
  /** The registry's certificate number for it, as the ledger numbers it (CS-3). */
  certificate: z.string().nullable(),
});

export const ocfImportReport = z.object({
  mode: z.enum(['dry-run', 'commit']),
  /** True when this request wrote the package. */
  committed: z.boolean(),
  /** True when this package (by its hash) was imported before: nothing was written again. */
  alreadyImported: z.boolean(),
  /** sha256 of the package's JSON files, in name-independent order: the import's key. */
  packageHash: z.string(),
  /** False when the registry already has transactions: a commit is then refused (409). */
  registryEmpty: z.boolean(),
  files: z.array(z.object({ name: z.string(), fileType: z.string(), items: z.number().int() })),
  toCreate: z.object({
    holders: z.array(ocfHolderToCreate),
    classes: z.array(ocfClassToSet),
    legend: z.object({ ids: z.array(z.string()), text: z.string() }).nullable(),
    operations: z.array(ocfOperationToPost),
  }),
  notExpressible: z.array(ocfReportItem),
  invalid: z.array(ocfReportItem),
  warnings: z.array(ocfReportItem),
});
export type OcfImportReport = z.infer<typeof ocfImportReport>;

/** The import page's form (the web app): an .ocf.zip, or the package's .ocf.json files. */
export const ocfImportForm = z.object({
  files: z
    .custom<ArrayLike<File>>((v) => typeof v === 'object' && v !== null && 'length' in v)
    .refine((v) => v.length > 0, 'Choose an .ocf.zip or the package’s .ocf.json files.'),
});
export type OcfImportForm = z.input<typeof ocfImportForm>;
