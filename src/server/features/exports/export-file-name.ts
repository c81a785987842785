import { fileSlug } from '../../http/file-slug';

/**
 * The download's name: the company, the report (and the holder, for a statement) and the as-of
 * date, e.g. acme-inc-cap-table-2026-11-27.xlsx. Only [a-z0-9-.], so it needs no quoting in
 * Content-Disposition.
 */
export function exportFileName(parts: {
  company: string;
  report: string;
  holder?: string;
  asOf: string;
  format: string;
}): string {
  const holder = parts.holder === undefined ? '' : `-${fileSlug(parts.holder, 'holder')}`;
  return `${fileSlug(parts.company, 'company')}-${parts.report}${holder}-${parts.asOf}.${parts.format}`;
}
