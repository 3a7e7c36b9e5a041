import type {
  CreateFromOfficialBody,
  Match,
  MatchSummary,
  OfficialMatchDetail,
  OfficialMatchSummary,
} from '@speedway/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { hasIndexedDb } from '@/lib/offline/available';
import { isOnline } from '@/lib/offline/connectivity';
import { markProtocolStarted } from '@/lib/offline/started-protocol';
import { submitChange } from '@/lib/offline/submit';
import { queryKeys } from '@/lib/query-keys';
import { isRecord } from '@/lib/utils';
import { lineupRiders, localProtocol, summaryOf } from '../lib/local-protocol';

const START_PATH = '/api/matches/from-official';

/** A protocol without a saved copy is unfinished: deleting a saved match deletes its protocol. */
export function resumesProtocol(
  match: Pick<OfficialMatchSummary, 'protocol_id' | 'user_match_id'>,
) {
  return match.protocol_id !== null && match.user_match_id === null;
}

/**
 * The new protocol's id, read as match_id, id or matchId (docs/spec/2-matches-protocols-admin.md
 * §2); null when none is there.
 */
export function protocolIdOf(reply: unknown): string | null {
  if (!isRecord(reply)) return null;
  for (const key of ['match_id', 'id', 'matchId'] as const) {
    const value = reply[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}

/**
 * Straight to the server, where nothing can be kept on the device (no IndexedDB, or line-ups the
 * engine refuses): each press its own key; offline or unreached, the spec's network error text.
 */
async function startOnServer(body: CreateFromOfficialBody): Promise<unknown> {
  try {
    if (!isOnline()) throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK_ERROR');
    return await api.post<unknown>(START_PATH, body, { idempotencyKey: crypto.randomUUID() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) {
      throw new ApiError(error.message, 0, error.code, undefined, NETWORK_ERROR_MESSAGE);
    }
    throw error;
  }
}

/** The protocol made on the device, where the protocol page and the lists find it offline. */
function keepOnDevice(queryClient: QueryClient, official: OfficialMatchDetail, match: Match) {
  // The server's answer may already be there (a first attempt that answered late).
  if (!queryClient.getQueryData(queryKeys.match(match.id))) {
    queryClient.setQueryData<Match>(queryKeys.match(match.id), match);
  }
  // Heat 15's nomination chooses among the squads (protocol-page prefetches them online).
  const squads = [
    [official.home_team_id, match.lineups.home],
    [official.away_team_id, match.lineups.away],
  ] as const;
  for (const [teamId, lineup] of squads) {
    queryClient.setQueryData(queryKeys.teamRiders(teamId, match.id), lineupRiders(lineup));
  }
  queryClient.setQueryData<MatchSummary[]>(queryKeys.matches, (list) =>
    list ? [summaryOf(match), ...list.filter((m) => m.id !== match.id)] : list,
  );
}

/** Where the start went: the protocol's id, and whether it waits on the device for the network. */
export type StartedProtocol = { id: string | null; onDevice: boolean };

/**
 * 'Starta protokoll' (ADR 019): the start goes through the outbox under an id chosen here, so
 * without a network the protocol is made on the device, opened, and its heats queue behind the
 * start; the outbox sends the start first, once (its key), then the heats under the same id. The
 * server answers with the caller's unfinished protocol of the match instead when there is one.
 * Offline, the unfinished protocol this device already has opens again.
 */
export async function startProtocol(
  queryClient: QueryClient,
  userId: string | null,
  official: OfficialMatchDetail,
): Promise<StartedProtocol> {
  const open = resumesProtocol(official) ? official.protocol_id : null;
  if (!isOnline() && open && queryClient.getQueryData(queryKeys.match(open))) {
    return { id: open, onDevice: false };
  }
  const id = crypto.randomUUID();
  const body = { official_match_id: official.id, id };
  const local = userId && hasIndexedDb() ? localProtocol(official, userId, id) : null;
  if (!userId || !local) return { id: protocolIdOf(await startOnServer(body)), onDevice: false };
  const result = await submitChange(queryClient, {
    userId,
    matchId: id,
    kind: 'start-protocol',
    method: 'POST',
    path: START_PATH,
    body,
    // A start changes no protocol the device has seen: no If-Match.
    base: '',
    expect: id,
  });
  if (result.status === 'sent') return { id: protocolIdOf(result.reply), onDevice: false };
  keepOnDevice(queryClient, official, local);
  return { id, onDevice: true };
}

/** Creates (or reopens) the user's protocol and marks the official match as taken. */
export function useStartProtocol() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useMutation({
    // Offline it is kept on the device (or fails at once), instead of waiting for a network.
    networkMode: 'always',
    mutationFn: (official: OfficialMatchDetail) => startProtocol(queryClient, userId, official),
    onSuccess: ({ id }, official) => {
      if (id) markProtocolStarted(queryClient, official.id, id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches, exact: true });
    },
  });
}
