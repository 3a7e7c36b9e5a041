import type { OfficialMatchDetail, OfficialMatchSummary } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { isRecord } from '@/lib/utils';

export function startProtocol(officialMatchId: string): Promise<unknown> {
  return api.post<unknown>('/api/matches/from-official', { official_match_id: officialMatchId });
}

/** The new protocol's id, read as match_id, id or matchId (spec §2); null when none is there. */
export function protocolIdOf(reply: unknown): string | null {
  if (!isRecord(reply)) return null;
  for (const key of ['match_id', 'id', 'matchId'] as const) {
    const value = reply[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}

/** Creates (or reopens) the user's protocol and marks the official match as taken. */
export function useStartProtocol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startProtocol,
    onSuccess: (reply, officialId) => {
      const protocolId = protocolIdOf(reply);
      const consumed = { consumedByCurrentUser: true, protocol_id: protocolId };
      queryClient.setQueryData<OfficialMatchSummary[]>(queryKeys.officialMatches, (list) =>
        list?.map((m) => (m.id === officialId ? { ...m, ...consumed } : m)),
      );
      queryClient.setQueryData<OfficialMatchDetail>(queryKeys.officialMatch(officialId), (m) =>
        m ? { ...m, ...consumed } : m,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches, exact: true });
    },
  });
}
