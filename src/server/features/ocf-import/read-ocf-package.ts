import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { ocfImportLimits, type OcfReportItem } from '../../../contract/ocf-import';
import { AppError } from '../../http/app-error';
import { unpackedSize, zipEntries, type ZipEntry } from '../../http/zip-entries';
import { ocfSchemas, type OcfProblem } from '../../ocf/ocf-schemas';
import type { OcfItem, OcfPackage } from './ocf-package';

// An upload becomes an OCF package: a zip is opened (its entries counted and their sizes capped
// before anything is inflated), every JSON file parsed, each file checked against its file
// schema and each item against its object's schema, one by one. What fails is reported by id;
// only an upload that is not a zip or JSON at all is refused.

export interface Upload {
  name: string;
  data: Uint8Array;
}

const ZIP_MAGIC = [0x50, 0x4b];

const refuse = (code: string, message: string, details?: Record<string, unknown>): never => {
  throw new AppError({ code, message, field: 'file', details });
};

const isZip = (u: Upload) =>
  u.name.toLowerCase().endsWith('.zip') ||
  (u.data[0] === ZIP_MAGIC[0] && u.data[1] === ZIP_MAGIC[1]);

/** The zip's JSON entries; a zip bomb (too many entries, too many bytes) is refused unopened. */
function unzip(upload: Upload): Upload[] {
  let opened: Record<string, Uint8Array>;
  try {
    checkZipSize(upload.name, zipEntries(upload.data));
    opened = unzipSync(upload.data, {
      filter: (file) => file.name.toLowerCase().endsWith('.json'),
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    return refuse('OCF.NOT_A_ZIP', `${upload.name} is not a readable zip file.`, {
      file: upload.name,
    });
  }
  return Object.entries(opened).map(([name, data]) => ({ name, data }));
}

function checkZipSize(name: string, entries: ZipEntry[]): void {
  if (entries.length > ocfImportLimits.zipEntries)
    refuse('OCF.ZIP_TOO_LARGE', `${name} holds more than ${ocfImportLimits.zipEntries} files.`);
  if (unpackedSize(entries) > ocfImportLimits.zipBytes)
    refuse('OCF.ZIP_TOO_LARGE', `${name} unpacks to more than ${ocfImportLimits.zipBytes} bytes.`);
}

function parseJson(upload: Upload): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(upload.data));
  } catch {
    return refuse('OCF.NOT_JSON', `${upload.name} is not JSON.`, { file: upload.name });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return refuse('OCF.NOT_OCF', `${upload.name} is not an OCF file (no file_type).`, {
      file: upload.name,
    });
  const fileType = (parsed as { file_type?: unknown }).file_type;
  if (typeof fileType !== 'string')
    return refuse('OCF.NOT_OCF', `${upload.name} is not an OCF file (no file_type).`, {
      file: upload.name,
    });
  return parsed as Record<string, unknown>;
}

/** The schemas' first words on what fails, where. */
const describe = (problems: OcfProblem[]) =>
  problems
    .slice(0, 3)
    .map((p) => `${p.path || '(item)'} ${p.message}`)
    .join('; ');

const sha = (data: Uint8Array, algorithm = 'sha256') =>
  createHash(algorithm).update(data).digest('hex');

function checkItems(name: string, fileType: string, items: unknown[], pkg: OcfPackage) {
  const schemas = ocfSchemas();
  const known = new Set(schemas.objectTypes);
  const seen = new Set(pkg.items.map((i) => i.id));
  for (const [index, raw] of items.entries()) {
    const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<OcfItem>;
    const id = typeof item.id === 'string' && item.id ? item.id : `${name}#${index}`;
    const objectType = typeof item.object_type === 'string' ? item.object_type : '(none)';
    const bad = (reason: string) => pkg.invalid.push({ id, objectType, file: name, reason });
    const object = known.has(objectType) ? schemas.validateObject(raw) : null;
    if (!object) bad(`object_type ${objectType} is not an OCF object type`);
    else if (!object.valid) bad(describe(object.problems));
    // The file's own schema decides which object types it may hold.
    else if (!schemas.validateFile({ file_type: fileType, items: [raw] }).valid)
      bad(`the ${fileType} schema does not list ${objectType}`);
    else if (seen.has(id)) bad('another item of the package has this id');
    else {
      seen.add(id);
      pkg.items.push({ ...(raw as OcfItem), file: name });
    }
  }
}

function checkManifest(pkg: OcfPackage, files: Map<string, Uint8Array>) {
  const manifest = pkg.manifest;
  if (!manifest) return;
  for (const [key, value] of Object.entries(manifest)) {
    if (!key.endsWith('_files') || !Array.isArray(value)) continue;
    for (const ref of value as Array<{ filepath?: string; md5?: string }>) {
      const base = (ref.filepath ?? '').split('/').pop() ?? '';
      const data = files.get(base);
      const warn = (reason: string) =>
        pkg.warnings.push({ id: base, objectType: 'OCF_MANIFEST_FILE', file: 'manifest', reason });
      if (!data) warn('the manifest lists this file; the package does not hold it');
      else if (ref.md5 && ref.md5 !== sha(data, 'md5'))
        warn(`its md5 is ${sha(data, 'md5')}, the manifest says ${ref.md5}`);
    }
  }
}

/** The package in the uploads: every OCF file of them, read and checked item by item. */
export function readOcfPackage(uploads: Upload[]): OcfPackage {
  if (uploads.length === 0) refuse('OCF.NO_FILES', 'Choose an .ocf.zip or the .ocf.json files.');
  const jsonFiles = uploads.flatMap((u) => (isZip(u) ? unzip(u) : [u]));
  const pkg: OcfPackage = {
    files: [],
    items: [],
    manifest: null,
    hash: '',
    invalid: [],
    warnings: [],
  };
  const byBase = new Map<string, Uint8Array>();
  const schemas = ocfSchemas();
  for (const upload of jsonFiles) {
    const name = upload.name.split('/').pop() ?? upload.name;
    const parsed = parseJson(upload);
    const fileType = parsed.file_type as string;
    byBase.set(name, upload.data);
    const items = Array.isArray(parsed.items) ? (parsed.items as unknown[]) : [];
    pkg.files.push({ name, fileType, items: items.length });
    const knownFile = schemas.fileTypes.includes(fileType);
    const fileInvalid = (reason: string): OcfReportItem => ({
      id: name,
      objectType: fileType,
      file: name,
      reason,
    });
    // The file itself; its items are checked one by one below.
    const shell = 'items' in parsed ? { ...parsed, items: [] } : parsed;
    const fileCheck = knownFile ? schemas.validateFile(shell) : null;
    if (!fileCheck) pkg.invalid.push(fileInvalid(`${fileType} is not an OCF file type`));
    else if (!fileCheck.valid) pkg.invalid.push(fileInvalid(describe(fileCheck.problems)));
    if (fileType === 'OCF_MANIFEST_FILE') pkg.manifest = parsed;
    else if (knownFile) checkItems(name, fileType, items, pkg);
  }
  if (pkg.files.length === 0) refuse('OCF.NO_FILES', 'The zip holds no .ocf.json files.');
  checkManifest(pkg, byBase);
  const digests = jsonFiles.map((f) => sha(f.data)).sort();
  pkg.hash = sha(new TextEncoder().encode(digests.join('\n')));
  return pkg;
}
