import type { HeatSaveResponse, Match, MatchSummary } from '@speedway/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { OutboxEntry } from './db';
import type { Applied } from './events';
import { applyStartedProtocol } from './started-protocol';

/**
 * A heat save's answer, written into the cached match and list: it carries everything a heat
 * changes (the heat, the totals, the status, the time of the change), so nothing is asked again.
 */
function applyHeat(queryClient: QueryClient, matchId: string, reply: HeatSaveResponse): void {
  const { heat, home_score, away_score, completed_heats, status, updated_at } = reply;
  const changed = { home_score, away_score, completed_heats, status, updated_at };
  queryClient.setQueryData<Match>(queryKeys.match(matchId), (match) =>
    match
      ? {
          ...match,
          ...changed,
          heats: match.heats.map((h) => (h.heat_number === heat.heat_number ? heat : h)),
        }
      : match,
  );
  queryClient.setQueryData<MatchSummary[]>(queryKeys.matches, (list) =>
    list?.map((m) => (m.id === matchId ? { ...m, ...changed } : m)),
  );
}

/**
 * Writes what the server answered for an outbox entry into the query cache (ADR 010 §4), before
 * the entry is deleted: the protocol page then shows the server's version, not a gap.
 */
export function applyReply(
  queryClient: QueryClient,
  entry: Pick<OutboxEntry, 'kind' | 'matchId'>,
  applied: Applied,
): void {
  const { matchId } = entry;
  if (applied.kind === 'match') {
    // The change was already on the server; its match is the newest there is.
    queryClient.setQueryData<Match>(queryKeys.match(matchId), applied.match);
  } else if (entry.kind === 'start-protocol') {
    applyStartedProtocol(queryClient, matchId, applied.reply);
  } else if (entry.kind === 'heat') {
    return applyHeat(queryClient, matchId, applied.reply as HeatSaveResponse);
  } else if (entry.kind === 'nominations' || entry.kind === 'confirm') {
    // The reply is the protocol as the server has it now.
    queryClient.setQueryData<Match>(queryKeys.match(matchId), applied.reply as Match);
  } else if (entry.kind === 'save-protocol') {
    // The reply is the saved copy: the protocol, confirmed by it, is asked for again.
    void queryClient.invalidateQueries({ queryKey: queryKeys.match(matchId), exact: true });
  }
  if (entry.kind === 'save-protocol' || entry.kind === 'confirm') {
    // Saving and confirming store the saved copy: every list showing either changes.
    void queryClient.invalidateQueries({ queryKey: queryKeys.officialMatches });
    void queryClient.invalidateQueries({ queryKey: queryKeys.userMatches });
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.matches, exact: true });
}
