import type { HeatSaveBody, HeatSaveResponse, Match, NominationsBody } from '@speedway/contracts';
import {
  applyHeatSave,
  applyNomination,
  createMatch,
  heatOf,
  heatTag,
  nominationsTag,
  protocolDerived,
  protocolTag,
  type GateSet,
  type Lane,
  type MatchState,
  type OfficialHeat,
  heatSaveInputOf,
} from '@speedway/rules';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/lib/offline/db';
import { makeMatch } from '@/testing/protocol-data';
// The rules package's reference match (Indianerna 37–53 Västervik, 2019) with its published values.
import { reference } from '../../../../../../packages/rules/src/test-support/reference';
import { localMatch } from './local-view';
import { toMatchState } from './match-state';

const riderId = (team: 'H' | 'A', no: number) => `${team === 'H' ? 'h' : 'a'}${no}`;

/** The reference match as a fresh protocol from the server, before any heat. */
function freshProtocol(): Match {
  const state = createMatch(reference.rulebook, reference.lineups);
  const shell = makeMatch({ id: 'ref' });
  return {
    ...shell,
    ...protocolDerived(state),
    heats: state.heats,
    lineups: state.lineups,
    meta: { rules: { ...shell.meta.rules, rulebook: reference.rulebook } },
  };
}

type Request =
  | { kind: 'heat'; heatNumber: number; body: HeatSaveBody }
  | { kind: 'nominations'; body: NominationsBody };

/** What the protocol page sends for one official heat: its nomination, then the heat save. */
function requestsFor(state: MatchState, official: OfficialHeat): Request[] {
  const n = official.heat;
  const assignments = Object.fromEntries(
    official.riders.map((r) => [String(r.gate), riderId(r.team, r.no)]),
  ) as Record<Lane, string>;
  const requests: Request[] = [];
  if (heatOf(state, n)?.riders['1'] === undefined) {
    const homeGate = official.riders.find((r) => r.team === 'H')!.gate;
    const home_gates: GateSet = homeGate % 2 === 1 ? '1-3' : '2-4';
    const ids = (team: 'H' | 'A') =>
      official.riders.filter((r) => r.team === team).map((r) => riderId(team, r.no));
    requests.push({
      kind: 'nominations',
      body: { [`heat${n}`]: { assignments, home_gates, home: ids('H'), away: ids('A') } },
    });
  }
  return [
    ...requests,
    {
      kind: 'heat',
      heatNumber: n,
      body: {
        assignments,
        results: official.riders.map((r) => ({
          rider_id: riderId(r.team, r.no),
          position: r.position,
          status: r.status,
        })),
        rr: official.riders.some((r) => r.code === 'RR'),
      },
    },
  ];
}

/**
 * The server's handlers, step by step (protocol.service.ts): the engine judges each request on the
 * stored state, the derived fields come from protocolDerived; a heat save answers the heat and
 * the scores, a nomination the whole protocol.
 */
function serverReply(match: Match, request: Request): { match: Match; reply: unknown } {
  let state = toMatchState(match);
  if (request.kind === 'heat') {
    const outcome = applyHeatSave(state, request.heatNumber, heatSaveInputOf(request.body));
    if (!outcome.ok) throw new Error(outcome.error.message);
    state = outcome.match;
    const derived = protocolDerived(state);
    const updated_at = new Date().toISOString();
    const reply: HeatSaveResponse = { heat: outcome.heat, ...derived, updated_at };
    return { match: { ...match, ...derived, updated_at, heats: state.heats }, reply };
  }
  for (const n of [14, 15] as const) {
    const nomination = request.body[`heat${n}`];
    if (!nomination) continue;
    const outcome = applyNomination(state, n, nomination);
    if (!outcome.ok) throw new Error(outcome.error.message);
    state = outcome.match;
  }
  const next = { ...match, ...protocolDerived(state), heats: state.heats };
  return { match: next, reply: next };
}

/** The requests as outbox entries, made as the dialogs make them (tags of the local view). */
function asEntries(start: Match, requests: Request[]): OutboxEntry[] {
  let state = toMatchState(start);
  return requests.map((request, i) => {
    const common = {
      seq: i + 1,
      userId: 'u',
      matchId: start.id,
      key: `k${i}`,
      state: 'queued' as const,
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 0,
    };
    const { match: after } = serverReply({ ...start, heats: state.heats }, request);
    const next = toMatchState(after);
    const entry: OutboxEntry =
      request.kind === 'heat'
        ? {
            ...common,
            kind: 'heat',
            heatNumber: request.heatNumber,
            method: 'POST',
            path: `/api/matches/${start.id}/heat/${request.heatNumber}/save`,
            body: request.body,
            base: heatTag(heatOf(state, request.heatNumber)!),
            expect: heatTag(heatOf(next, request.heatNumber)!),
          }
        : {
            ...common,
            kind: 'nominations',
            method: 'PUT',
            path: `/api/matches/${start.id}/nominations`,
            body: request.body,
            base: nominationsTag(state),
            expect: nominationsTag(next),
          };
    state = next;
    return entry;
  });
}

function replayReference() {
  const start = freshProtocol();
  const requests: Request[] = [];
  const servers: Match[] = [];
  const replies: unknown[] = [];
  let server = start;
  for (const official of reference.heats) {
    for (const request of requestsFor(toMatchState(server), official)) {
      requests.push(request);
      const step = serverReply(server, request);
      server = step.match;
      servers.push(server);
      replies.push(step.reply);
    }
  }
  return { start, requests, servers, replies, entries: asEntries(start, requests) };
}

const view = (match: Match) => ({
  heats: match.heats,
  home_score: match.home_score,
  away_score: match.away_score,
  completed_heats: match.completed_heats,
  status: match.status,
});

describe('localMatch', () => {
  const { start, requests, servers, replies, entries } = replayReference();

  it('folds the reference match’s 15 heats and nominations into what the server answers, field for field', () => {
    // elitserien-2019 nominates heats 14 and 15.
    expect(requests.filter((r) => r.kind === 'nominations')).toHaveLength(2);
    expect(requests.filter((r) => r.kind === 'heat')).toHaveLength(15);
    for (let k = 1; k <= entries.length; k++) {
      const local = localMatch(start, entries.slice(0, k));
      expect(view(local.match), `after ${k} changes`).toEqual(view(servers[k - 1]!));
      const request = requests[k - 1]!;
      if (request.kind === 'heat') {
        const reply = replies[k - 1] as HeatSaveResponse;
        expect(heatOf(toMatchState(local.match), request.heatNumber)).toEqual(reply.heat);
      } else {
        expect(local.match.heats).toEqual((replies[k - 1] as Match).heats);
      }
    }
  });

  it('shows the published running score after every heat and the official final score', () => {
    for (let k = 1; k <= entries.length; k++) {
      const request = requests[k - 1]!;
      if (request.kind !== 'heat') continue;
      const { match } = localMatch(start, entries.slice(0, k));
      expect(`${match.home_score}-${match.away_score}`, `heat ${request.heatNumber}`).toBe(
        reference.running[String(request.heatNumber)],
      );
    }
    const { match, pending } = localMatch(start, entries);
    expect([match.home_score, match.away_score]).toEqual([
      reference.home_score,
      reference.away_score,
    ]);
    expect(match).toMatchObject({ completed_heats: 15, status: 'completed' });
    expect(pending.heats.size).toBe(15);
    expect(pending.nominations).toMatchObject({ state: 'queued', likelyConflict: false });
  });

  it('gives the same protocol whichever of the changes the server already has', () => {
    const all = view(localMatch(start, entries).match);
    for (const acknowledged of [1, 7, 14, entries.length - 1]) {
      const server = servers[acknowledged - 1]!;
      expect(view(localMatch(server, entries.slice(acknowledged)).match)).toEqual(all);
      // A reply written to the cache before its entry is deleted: the entry is already there.
      const racing = localMatch(server, entries.slice(acknowledged - 1));
      expect(view(racing.match)).toEqual(all);
      expect([...racing.pending.heats.values()].some((m) => m.likelyConflict)).toBe(false);
    }
  });

  it('marks a change the engine refuses on the local view as a likely conflict, and skips it', () => {
    // Heat 2 before heat 1: sequential unlocking refuses it.
    const heat2 = entries.find((e) => e.kind === 'heat' && e.heatNumber === 2)!;
    const local = localMatch(start, [heat2]);
    expect(local.pending.heats.get(2)).toEqual({
      seq: heat2.seq,
      state: 'queued',
      title: 'Heat 2',
      heatNumber: 2,
      likelyConflict: true,
      behind: null,
    });
    expect(view(local.match)).toEqual(view(start));
  });

  it('does not fold a failed change but marks it, ahead of a newer change of the same heat', () => {
    const [first] = entries;
    const failed = { ...first!, state: 'failed' as const };
    const local = localMatch(start, [failed]);
    expect(view(local.match)).toEqual(view(start));
    expect(local.pending.heats.get(1)).toMatchObject({ state: 'failed' });

    const edit = { ...first!, seq: 99, state: 'queued' as const };
    const conflict = { ...first!, state: 'conflict' as const };
    expect(localMatch(start, [edit, conflict]).pending.heats.get(1)).toMatchObject({
      seq: first!.seq,
      state: 'conflict',
    });
  });

  it('marks the changes after a blocked one as waiting for the choice there', () => {
    const [first, second, third] = entries;
    const local = localMatch(start, [
      { ...first!, state: 'conflict' as const },
      second!,
      { ...third!, state: 'failed' as const },
    ]);
    const marks = [...local.pending.heats.values()];
    expect(marks[0]).toMatchObject({ title: 'Heat 1', state: 'conflict', behind: null });
    expect(marks[1]).toMatchObject({ title: 'Heat 2', state: 'queued', behind: 'Heat 1' });
    expect(marks[2]).toMatchObject({ title: 'Heat 3', state: 'failed', behind: null });
    expect(localMatch(start, [first!, second!]).pending.heats.get(2)?.behind).toBeNull();
  });

  it('shows a pending ’Spara protokoll’ as saved (read-only) on the server’s tag', () => {
    const complete = servers.at(-1)!;
    const save: OutboxEntry = {
      ...entries[0]!,
      seq: 100,
      kind: 'save-protocol',
      heatNumber: undefined,
      method: 'POST',
      path: `/api/matches/${complete.id}/save`,
      body: {},
      base: protocolTag(complete),
      expect: protocolTag(complete),
    };
    const local = localMatch(complete, [save]);
    expect(local.match.status).toBe('confirmed');
    expect(local.pending.save).toMatchObject({ seq: 100, state: 'queued' });
    expect(localMatch(complete, [{ ...save, state: 'failed' }]).match.status).toBe('completed');
  });

  it('leaves the server’s match as it is without changes, and ignores other protocols’', () => {
    expect(localMatch(start, []).match).toBe(start);
    expect(localMatch(start, [{ ...entries[0]!, matchId: 'other' }]).match).toBe(start);
  });
});
