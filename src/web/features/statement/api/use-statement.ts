import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatementResponse } from '../../../../contract/ledger';
import { ledgerPaths, ledgerQueryKeys } from '../../../../contract/constants/ledger';
import { apiDownload, apiRequest, pathWith } from '../../../lib/api-client';

/** GET /api/v1/shareholders/:id/statement?asOf= */
export function fetchStatement(holderId: string, asOf: string | undefined, signal?: AbortSignal) {
  return apiRequest<StatementResponse>(pathWith(ledgerPaths.statement, { id: holderId }), {
    query: { asOf },
    signal,
  });
}

export const statementQueryOptions = (holderId: string, asOf?: string) =>
  queryOptions({
    queryKey: [...ledgerQueryKeys.statement, holderId, asOf ?? null],
    queryFn: ({ signal }) => fetchStatement(holderId, asOf, signal),
  });

export function useStatement(holderId: string, asOf?: string) {
  return useQuery(statementQueryOptions(holderId, asOf));
}

/** GET /api/v1/shareholders/:id/statement.pdf?asOf= is a download, so only its address is built. */
export function statementPdfUrl(holderId: string, asOf?: string): string {
  const path = pathWith(ledgerPaths.statementPdf, { id: holderId });
  return asOf ? `${path}?asOf=${encodeURIComponent(asOf)}` : path;
}

/** Fetches the PDF (so a refusal or failure can be shown) and hands it to the browser as a file. */
export async function downloadStatementPdf(holderId: string, asOf?: string): Promise<void> {
  const { blob, fileName } = await apiDownload(statementPdfUrl(holderId, asOf));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? 'statement.pdf';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; free it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
