import { createMatch, tacticalRules, type Lineups, type Side } from '@speedway/rules';
import { describe, expect, it } from 'vitest';
import { ProtocolStates, type ProtocolState } from './protocol-states';
import type { MatchRow } from './protocol.repository';

const lineups = (): Lineups => {
  const team = (side: Side) =>
    Array.from({ length: 7 }, (_, i) => ({
      rider_id: `${side}-${i + 1}`,
      name: `Förare ${side} ${i + 1}`,
      team: side,
      lineup_no: i + 1,
    }));
  return { home: team('home'), away: team('away') };
};

function state(): ProtocolState {
  const match = createMatch('elitserien-klassisk', lineups());
  const at = new Date('2026-05-12T17:00:00Z');
  const row: MatchRow = {
    id: '00000000-0000-4000-8000-000000000001',
    createdBy: '00000000-0000-4000-8000-000000000002',
    officialMatchId: null,
    rulebook: match.rulebook,
    tactical: tacticalRules(match.rulebook),
    homeTeamId: null,
    awayTeamId: null,
    homeTeam: 'Hemma',
    awayTeam: 'Borta',
    homeShort: null,
    awayShort: null,
    startsAt: at,
    venue: null,
    competition: null,
    round: null,
    status: 'live',
    lineups: match.lineups,
    homeScore: 3,
    awayScore: 3,
    completedHeats: 1,
    confirmedAt: null,
    revision: 4,
    createdAt: at,
    updatedAt: at,
  };
  return { row, heats: match.heats };
}

describe('ProtocolStates', () => {
  it('gives back the state it was given: the row with its dates, line-ups and heats', () => {
    const states = new ProtocolStates();
    const kept = state();
    states.set(kept.row.id, kept);
    const got = states.get(kept.row.id);
    expect(got).toEqual(kept);
    expect(got?.row.updatedAt).toBeInstanceOf(Date);
    expect(states.get('00000000-0000-4000-8000-000000000009')).toBeUndefined();
  });

  it('keeps its own copy: changing what was given or what was got changes nothing kept', () => {
    const states = new ProtocolStates();
    const given = state();
    const id = given.row.id;
    states.set(id, given);
    const expected = state();
    given.heats[0]!.status = 'completed';
    given.row.lineups.home[0]!.name = 'Ändrad';
    const got = states.get(id)!;
    got.heats[1]!.rr = true;
    got.row.revision = 99;
    expect(states.get(id)).toEqual(expected);
  });

  it('forgets a deleted protocol', () => {
    const states = new ProtocolStates();
    const kept = state();
    states.set(kept.row.id, kept);
    states.delete(kept.row.id);
    expect(states.get(kept.row.id)).toBeUndefined();
    expect(states.size).toBe(0);
  });
});
