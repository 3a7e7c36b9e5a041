import type { Match } from '@speedway/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { patchOfficialMatch, queryKeys } from '@/lib/query-keys';

// ADR 019: a protocol started on the device, and what the server's answer to its start changes
// in the query cache. Here, apart from apply-reply.ts, because the start button writes the same.

/** The official match now has the caller's protocol: its list row and detail say so. */
export function markProtocolStarted(
  queryClient: QueryClient,
  officialId: string,
  protocolId: string,
): void {
  patchOfficialMatch(queryClient, officialId, {
    consumedByCurrentUser: true,
    protocol_id: protocolId,
  });
}

/**
 * The server's protocol in answer to a start. When it is not the one the device made (the user
 * had started the match elsewhere: one unfinished protocol per match), the device's id keeps the
 * server's protocol too, so that a page open on it can move to the server's id (protocol-page).
 */
export function applyStartedProtocol(
  queryClient: QueryClient,
  deviceId: string,
  reply: unknown,
): void {
  // Not lib/utils' isRecord: the service worker bundles this file (device-copy.ts), not clsx.
  const id = typeof reply === 'object' && reply !== null ? (reply as { id?: unknown }).id : null;
  if (typeof id !== 'string' || id === '') return;
  const match = reply as Match;
  queryClient.setQueryData<Match>(queryKeys.match(match.id), match);
  if (match.id !== deviceId) queryClient.setQueryData<Match>(queryKeys.match(deviceId), match);
  if (match.official_match_id) markProtocolStarted(queryClient, match.official_match_id, match.id);
}
