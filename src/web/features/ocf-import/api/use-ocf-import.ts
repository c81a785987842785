import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ocfImportPath, type OcfImportReport } from '../../../../contract/ocf-import';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterPosting } from '../../../lib/invalidate-after-posting';

export interface OcfImportRequest {
  files: readonly File[];
  commit: boolean;
}

/**
 * POST /api/v1/ocf/import: the files as multipart `file` parts; a dry run, or the commit. A
 * commit that wrote the package posted holders and transactions: what a posting changes is read
 * again.
 */
export function useOcfImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, commit }: OcfImportRequest) => {
      const body = new FormData();
      for (const file of files) body.append('file', file, file.name);
      return apiRequest<OcfImportReport>(ocfImportPath, {
        method: 'POST',
        body,
        query: { commit: commit ? 'true' : 'false' },
      });
    },
    onSuccess: async (report) => {
      if (report.committed) await invalidateAfterPosting(queryClient);
    },
  });
}
