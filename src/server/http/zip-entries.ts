import { unzipSync } from 'fflate';

export interface ZipEntry {
  name: string;
  /** What the entry says it unpacks to. */
  originalSize: number;
}

/**
 * A zip's entries as its central directory lists them, nothing inflated: an upload's caps are
 * checked against these before it is opened, so a zip bomb is refused unopened. Throws when the
 * bytes are not a zip.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const entries: ZipEntry[] = [];
  unzipSync(bytes, {
    filter(file) {
      entries.push({ name: file.name, originalSize: file.originalSize });
      return false;
    },
  });
  return entries;
}

/** The sum of what a zip's entries unpack to. */
export const unpackedSize = (entries: readonly ZipEntry[]): number =>
  entries.reduce((total, e) => total + e.originalSize, 0);
