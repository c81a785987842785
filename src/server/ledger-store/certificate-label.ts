/** The printed certificate number: class prefix and number, e.g. "CS-12". */
export const certificateLabel = (prefix: string, number: number | string): string =>
  `${prefix}${String(number)}`;
