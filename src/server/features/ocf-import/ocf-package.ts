import type { OcfReportItem } from '../../../contract/ocf-import';

// An OCF package as the import reads it: the items that passed their schemas, each with the file
// it came from, and what was reported on the way.

/** One schema-valid OCF object (its other fields as the OCF schema has them). */
export interface OcfItem {
  id: string;
  object_type: string;
  /** The package file it came from. */
  file: string;
  [field: string]: unknown;
}

export interface OcfPackage {
  files: Array<{ name: string; fileType: string; items: number }>;
  items: OcfItem[];
  manifest: Record<string, unknown> | null;
  /** sha256 over the sorted sha256s of its JSON files: the same package, however uploaded. */
  hash: string;
  invalid: OcfReportItem[];
  warnings: OcfReportItem[];
}
