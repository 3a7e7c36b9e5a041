import type { Match, MatchSummary } from '@speedway/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { makeMatch } from '@/testing/protocol-data';
import { applyReply } from './apply-reply';
import type { OutboxEntry } from './db';

const match: Match = { ...makeMatch(), id: 'm1' };

function entry(kind: OutboxEntry['kind']): OutboxEntry {
  return {
    seq: 1,
    userId: 'u',
    matchId: 'm1',
    kind,
    heatNumber: kind === 'heat' ? 1 : undefined,
    method: 'POST',
    path: '/x',
    body: {},
    key: 'k',
    base: '',
    expect: '',
    state: 'sending',
    attempts: 1,
    nextAttemptAt: 0,
    createdAt: 0,
  };
}

function cache() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.match('m1'), match);
  queryClient.setQueryData<MatchSummary[]>(queryKeys.matches, [match]);
  queryClient.setQueryData(queryKeys.officialMatches, []);
  queryClient.setQueryData(queryKeys.userMatches, []);
  return queryClient;
}

const invalid = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated;

describe('applyReply', () => {
  it('a heat: patches the heat, the totals and the time into the match and the list, and asks for nothing again', () => {
    const queryClient = cache();
    const heat = { ...match.heats[0]!, rr: true };
    const updated_at = '2026-11-28T18:00:00.000Z';
    applyReply(queryClient, entry('heat'), {
      kind: 'reply',
      reply: { heat, home_score: 5, away_score: 1, completed_heats: 1, status: 'live', updated_at },
    });
    const cached = queryClient.getQueryData<Match>(queryKeys.match('m1'));
    expect(cached?.heats[0]).toEqual(heat);
    expect(cached).toMatchObject({ home_score: 5, away_score: 1, completed_heats: 1, updated_at });
    expect(cached?.heats.slice(1)).toEqual(match.heats.slice(1));
    const listed = queryClient.getQueryData<MatchSummary[]>(queryKeys.matches)?.[0];
    expect(listed).toMatchObject({ home_score: 5, status: 'live', updated_at });
    for (const key of [
      queryKeys.match('m1'),
      queryKeys.matches,
      queryKeys.officialMatches,
      queryKeys.userMatches,
    ]) {
      expect(invalid(queryClient, key)).toBe(false);
    }
  });

  it('nominations: the reply is the match', () => {
    const queryClient = cache();
    const reply = { ...match, home_score: 40 };
    applyReply(queryClient, entry('nominations'), { kind: 'reply', reply });
    expect(queryClient.getQueryData(queryKeys.match('m1'))).toEqual(reply);
    expect(invalid(queryClient, queryKeys.matches)).toBe(true);
  });

  it("'Spara protokoll': the protocol, its list, the official and the saved matches are refetched", () => {
    const queryClient = cache();
    applyReply(queryClient, entry('save-protocol'), {
      kind: 'reply',
      reply: { user_match_id: 's' },
    });
    for (const key of [
      queryKeys.match('m1'),
      queryKeys.matches,
      queryKeys.officialMatches,
      queryKeys.userMatches,
    ]) {
      expect(invalid(queryClient, key)).toBe(true);
    }
  });

  it('a confirmation: the reply is the protocol; its list, the official and saved matches refetched', () => {
    const queryClient = cache();
    const reply = { ...match, status: 'confirmed' };
    applyReply(queryClient, entry('confirm'), { kind: 'reply', reply });
    expect(queryClient.getQueryData(queryKeys.match('m1'))).toEqual(reply);
    for (const key of [queryKeys.matches, queryKeys.officialMatches, queryKeys.userMatches]) {
      expect(invalid(queryClient, key)).toBe(true);
    }
  });

  it('a change found already on the server: its match goes into the cache', () => {
    const queryClient = cache();
    const server = { ...match, away_score: 9 };
    applyReply(queryClient, entry('heat'), { kind: 'match', match: server });
    expect(queryClient.getQueryData(queryKeys.match('m1'))).toEqual(server);
  });
});
