/** A page of rows as a list answers it: the page shown, its rows, and how many match in all. */
export interface ShownPage<R> {
  page: number;
  rows: R[];
  total: number;
}

/**
 * The page asked for, or the last one when it is past the end (page 1 when nothing matches): the
 * rule every paged list of the API keeps. `asked` is the page already read, with its total, or
 * the count to run when its query could not tell (an empty page has no window count); only a page
 * past the end costs more: that count, and the last page.
 */
export async function pageOrLast<R>(
  asked: { page: number; pageSize: number; rows: R[]; total: number | (() => Promise<number>) },
  readPage: (page: number) => Promise<R[]>,
): Promise<ShownPage<R>> {
  const { page, pageSize, rows } = asked;
  // An empty first page means nothing matches.
  const total =
    typeof asked.total === 'number'
      ? asked.total
      : rows.length === 0 && page === 1
        ? 0
        : await asked.total();
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (rows.length > 0 || last >= page) return { page, rows, total };
  return { page: last, rows: await readPage(last), total };
}
