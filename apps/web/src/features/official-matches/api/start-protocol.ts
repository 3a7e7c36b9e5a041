import type { OfficialMatchDetail, OfficialMatchSummary } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { isRecord } from '@/lib/utils';

/**
 * Online only (ADR 010 §4): a protocol is not started on the device. Each press is its own key,
 * so a reply lost on the way can be asked for again by the server's rules, never queued. Offline
 * or unreached, the spec's network error text is the toast's line.
 */
export async function startProtocol(officialMatchId: string): Promise<unknown> {
  try {
    if (!navigator.onLine) throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK_ERROR');
    return await api.post<unknown>(
      '/api/matches/from-official',
      { official_match_id: officialMatchId },
      { idempotencyKey: crypto.randomUUID() },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) {
      throw new ApiError(error.message, 0, error.code, undefined, NETWORK_ERROR_MESSAGE);
    }
    throw error;
  }
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
    // Offline it fails at once with the network error, instead of waiting paused for a network.
    networkMode: 'always',
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
