/**
 * The ids of the rows that open each operation in a history: an operation that touched several
 * of a holder's certificates shows a row for each, but is acted on (reversed) once.
 */
export function firstRowsOfOperations(
  rows: readonly { id: string; operationId?: string | null | undefined }[],
): Set<string> {
  const seen = new Set<string>();
  const first = new Set<string>();
  for (const row of rows) {
    if (row.operationId && seen.has(row.operationId)) continue;
    if (row.operationId) seen.add(row.operationId);
    first.add(row.id);
  }
  return first;
}
