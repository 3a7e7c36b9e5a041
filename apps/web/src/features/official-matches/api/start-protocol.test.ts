import 'fake-indexeddb/auto';
import type { Match, OfficialMatchDetail, TeamRiders } from '@speedway/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { applyReply } from '@/lib/offline/apply-reply';
import { closeOfflineDb, listEntries, type OutboxEntry } from '@/lib/offline/db';
import type { Applied } from '@/lib/offline/events';
import { setOutboxReplayer } from '@/lib/offline/outbox';
import { runReplay } from '@/lib/offline/replay';
import { fakeServer, freshIndexedDb } from '@/lib/offline/testing/fake-server';
import { queryKeys } from '@/lib/query-keys';
import { stubFetch } from '@/testing/fetch-stub';
import { makeMatch, makeOfficialDetail } from '@/testing/protocol-data';
import { protocolIdOf, startProtocol } from './start-protocol';

const USER = 'user-a';
const START = '/api/matches/from-official';

describe('protocolIdOf', () => {
  it('reads match_id, id or matchId, in that order', () => {
    expect(protocolIdOf({ match_id: 'a', id: 'b' })).toBe('a');
    expect(protocolIdOf({ id: 'b', matchId: 'c' })).toBe('b');
    expect(protocolIdOf({ matchId: 'c' })).toBe('c');
    expect(protocolIdOf({ matchId: 42 })).toBe('42');
    expect(protocolIdOf({ id: '' })).toBeNull();
    expect(protocolIdOf(null)).toBeNull();
    expect(protocolIdOf('ok')).toBeNull();
  });
});

let queryClient: QueryClient;
let official: OfficialMatchDetail;
let runs: Promise<unknown>[] = [];

function offline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

beforeEach(async () => {
  await freshIndexedDb();
  queryClient = new QueryClient();
  official = makeOfficialDetail();
  queryClient.setQueryData(queryKeys.officialMatch(official.id), official);
  runs = [];
  setOutboxReplayer((userId) => {
    // As the app runs it (use-outbox.ts): each reply into the query cache.
    const apply = (entry: OutboxEntry, applied: Applied) => applyReply(queryClient, entry, applied);
    runs.push(runReplay({ userId, token: 'tok-a', locks: null, wake: true, apply }));
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await Promise.allSettled(runs);
  await closeOfflineDb();
  queryClient.clear();
});

describe('startProtocol offline (ADR 019)', () => {
  it('makes the protocol on the device and queues its start under the id it chose', async () => {
    const network = stubFetch({});
    offline();

    const started = await startProtocol(queryClient, USER, official);

    expect(started.onDevice).toBe(true);
    expect(network.calls).toHaveLength(0);
    const [entry, ...rest] = await listEntries(USER);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      matchId: started.id,
      kind: 'start-protocol',
      method: 'POST',
      path: START,
      body: { official_match_id: official.id, id: started.id },
      state: 'queued',
    });
    // The protocol page finds it: the programme's 15 heats of the line-ups, nothing ridden yet.
    const match = queryClient.getQueryData<Match>(queryKeys.match(started.id!))!;
    expect(match).toMatchObject({
      id: started.id,
      official_match_id: official.id,
      created_by: USER,
      status: 'upcoming',
      completed_heats: 0,
      home_team: official.home_team,
      lineups: official.lineups,
      meta: { rules: { rulebook: official.rulebook, nominated_heats: [15] } },
    });
    expect(match.heats).toEqual(official.heats);
    const squad = queryClient.getQueryData<TeamRiders>(
      queryKeys.teamRiders(official.home_team_id, started.id!),
    );
    expect(squad?.mains.map((r) => r.lineup_no)).toEqual([1, 2, 3, 4, 5]);
    expect(squad?.reserves.map((r) => r.lineup_no)).toEqual([6, 7]);
  });

  it('opens the same protocol when started again offline: one start, one protocol', async () => {
    stubFetch({});
    offline();
    const first = await startProtocol(queryClient, USER, official);
    // The official match now names it, as the start button's success writes it.
    const known = { ...official, protocol_id: first.id, consumedByCurrentUser: true };

    const again = await startProtocol(queryClient, USER, known);

    expect(again.id).toBe(first.id);
    expect(await listEntries(USER)).toHaveLength(1);
  });

  it('fails at once with the spec’s network error where nothing can be kept', async () => {
    const network = stubFetch({});
    offline();
    vi.stubGlobal('indexedDB', undefined);
    const error = await startProtocol(queryClient, USER, official).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, serverMessage: NETWORK_ERROR_MESSAGE });
    expect(network.calls).toHaveLength(0);
  });
});

describe('startProtocol online', () => {
  it('sends the start with its id and a key of its own per press, and opens the reply', async () => {
    const server = fakeServer();
    server.script(
      START,
      { status: 201, json: makeMatch({ id: 'p1' }) },
      {
        status: 200,
        json: makeMatch({ id: 'p1' }),
      },
    );

    const first = await startProtocol(queryClient, USER, official);
    const second = await startProtocol(queryClient, USER, official);

    expect([first, second]).toEqual([
      { id: 'p1', onDevice: false },
      { id: 'p1', onDevice: false },
    ]);
    const [a, b] = server.writes;
    expect(a!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(b!.key).not.toBe(a!.key);
    expect(a!.body).toEqual({ official_match_id: official.id, id: expect.any(String) });
    expect(await listEntries(USER)).toEqual([]);
    expect(queryClient.getQueryData<Match>(queryKeys.match('p1'))?.id).toBe('p1');
  });

  it('gives the network error as its words when the server cannot be reached and nothing is kept', async () => {
    vi.stubGlobal('indexedDB', undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(startProtocol(queryClient, USER, official)).rejects.toMatchObject({
      status: 0,
      serverMessage: NETWORK_ERROR_MESSAGE,
    });
  });
});
