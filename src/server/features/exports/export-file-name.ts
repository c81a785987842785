/** Lower case ASCII words joined by hyphens: "Acme, Inc." → "acme-inc"; at most 60 characters. */
export function slugOf(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

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
  const holder = parts.holder === undefined ? '' : `-${slugOf(parts.holder, 'holder')}`;
  return `${slugOf(parts.company, 'company')}-${parts.report}${holder}-${parts.asOf}.${parts.format}`;
}
