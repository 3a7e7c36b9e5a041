import type { OfficialImportSummary } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// A whole season with results is several hundred KiB that the server checks match by match: more
// than an ordinary call's time limit may allow on a slow line.
const IMPORT_TIMEOUT_MS = 120_000;

/**
 * POST /api/official-matches/import with a parsed speedway-official/1 document: 200 with what it
 * did; 400 INVALID_OFFICIAL_DATA naming every problem, one a line; 413 when the file is too large.
 */
export function importOfficialFile(document: unknown): Promise<OfficialImportSummary> {
  return api.post<OfficialImportSummary>('/api/official-matches/import', document, {
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
}

export function useImportOfficialFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importOfficialFile,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.officialMatches }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
      ]),
  });
}
