/** The printed certificate number: class prefix and number, e.g. "CS-12". */
export const certificateLabel = (prefix: string, number: number | string): string =>
  `${prefix}${String(number)}`;

/** The label of a certificate's origin as a query reads it (prefix and number), or null. */
export const originLabel = (r: {
  origin_prefix: string | null;
  origin_number: number | null;
}): string | null =>
  r.origin_number === null || r.origin_prefix === null
    ? null
    : certificateLabel(r.origin_prefix, r.origin_number);
