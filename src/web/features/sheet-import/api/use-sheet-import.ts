import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  sheetImportPaths,
  templatePath,
  type SheetFormat,
  type SheetImportAnswer,
  type SheetImportKind,
} from '../../../../contract/sheet-import';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterPosting } from '../../../lib/invalidate-after-posting';

export interface SheetImportRequest {
  kind: SheetImportKind;
  file: File;
  commit: boolean;
}

/** Where a template downloads from (a plain link: the session cookie goes with it). */
export const templateHref = (kind: SheetImportKind, format: SheetFormat) =>
  templatePath(kind, format);

/**
 * POST /api/v1/imports: the file's preview, or its import (all or nothing). An import that was
 * written creates holders and posts operations: what a posting changes is read again.
 */
export function useSheetImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file, commit }: SheetImportRequest) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return apiRequest<SheetImportAnswer>(sheetImportPaths.imports, {
        method: 'POST',
        query: { kind, commit: commit ? 'true' : undefined },
        body,
      });
    },
    onSuccess: async (answer) => {
      if (answer.committed && !answer.alreadyImported) await invalidateAfterPosting(queryClient);
    },
  });
}
