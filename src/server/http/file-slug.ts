import slugify from 'slugify';

/**
 * Lower-case ASCII words joined by hyphens, for a download's file name: "Łukasz Żółć" →
 * "lukasz-zolc", "Acme Holdings, Inc." → "acme-holdings-inc"; at most 60 characters, or
 * `fallback` when nothing is left. Accents are dropped first (NFKD), then slugify transliterates
 * the letters that have none (ł, ß, ø, æ) and drops the rest.
 */
export function fileSlug(text: string, fallback: string): string {
  const unaccented = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slug = slugify(unaccented, { lower: true, strict: true })
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}
