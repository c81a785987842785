import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { OcfExportObjects } from './ocf-export-mapping';

// An OCF package (decision 126): the manifest and the files it names, as JSON text, and the zip
// of them. The manifest lists every file with its md5, computed from the exact bytes zipped.

/** The files of a package, by the manifest property that lists them. */
export const OCF_PACKAGE_FILES = {
  stakeholders_files: { path: 'Stakeholders.ocf.json', fileType: 'OCF_STAKEHOLDERS_FILE' },
  stock_classes_files: { path: 'StockClasses.ocf.json', fileType: 'OCF_STOCK_CLASSES_FILE' },
  stock_legend_templates_files: {
    path: 'StockLegends.ocf.json',
    fileType: 'OCF_STOCK_LEGEND_TEMPLATES_FILE',
  },
  transactions_files: { path: 'Transactions.ocf.json', fileType: 'OCF_TRANSACTIONS_FILE' },
} as const;

export const OCF_MANIFEST_PATH = 'Manifest.ocf.json';

export interface OcfPackageFile {
  /** The entry's name in the zip: "Manifest.ocf.json". */
  path: string;
  text: string;
}

export interface OcfPackage {
  /** The manifest first, then the files it lists. */
  files: OcfPackageFile[];
  /** How many objects each file holds, by its path. */
  counts: Record<string, number>;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * The package's files: each OCF file as JSON (2-space indents, a final newline) and the manifest
 * naming them by relative path ("./Stakeholders.ocf.json", as the OCF samples do) with their md5.
 * The files OCF requires the manifest to list but the registry has nothing for (stock plans,
 * vesting terms, valuations) are empty lists.
 */
export function ocfPackage(
  objects: OcfExportObjects,
  opts: { asOf: string; generatedAt: string; version: string },
): OcfPackage {
  const items: Record<keyof typeof OCF_PACKAGE_FILES, unknown[]> = {
    stakeholders_files: objects.stakeholders,
    stock_classes_files: objects.stockClasses,
    stock_legend_templates_files: objects.stockLegendTemplates,
    transactions_files: objects.transactions,
  };
  const files: OcfPackageFile[] = [];
  const counts: Record<string, number> = {};
  const listed: Record<string, Array<{ filepath: string; md5: string }>> = {};
  for (const [key, file] of Object.entries(OCF_PACKAGE_FILES)) {
    const list = items[key as keyof typeof OCF_PACKAGE_FILES];
    const text = json({ file_type: file.fileType, items: list });
    files.push({ path: file.path, text });
    counts[file.path] = list.length;
    listed[key] = [{ filepath: `./${file.path}`, md5: md5(text) }];
  }
  const manifest = {
    ocf_version: opts.version,
    file_type: 'OCF_MANIFEST_FILE',
    issuer: objects.issuer,
    as_of: opts.asOf,
    generated_at: opts.generatedAt,
    comments: ['Exported from the shareholder registry (decision 126)'],
    stock_plans_files: [],
    vesting_terms_files: [],
    valuations_files: [],
    ...listed,
  };
  return { files: [{ path: OCF_MANIFEST_PATH, text: json(manifest) }, ...files], counts };
}

/** The zip's bytes, entry by entry: each file is compressed when the reader asks for more. */
function* zipChunks(files: readonly OcfPackageFile[], modified: Date): Generator<Uint8Array> {
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else pending.push(chunk);
  });
  const drain = () => {
    if (failure) throw failure;
    return pending.splice(0);
  };
  for (const file of files) {
    const entry = new ZipDeflate(file.path, { level: 6 });
    entry.mtime = modified;
    zip.add(entry);
    entry.push(strToU8(file.text), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/**
 * The files as a zip, streamed (fflate's Zip with one synchronous ZipDeflate entry per file):
 * the next file is compressed only when the reader (the response) asks for more, so the
 * archive is never held whole. The files themselves are in memory: the manifest's md5s need
 * them before anything is sent.
 */
export function ocfZipStream(files: readonly OcfPackageFile[], modified: Date): Readable {
  return Readable.from(zipChunks(files, modified), { objectMode: false });
}
