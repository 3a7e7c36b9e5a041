import { describe, expect, it } from 'vitest';
import {
  chooseGates,
  draftFromRiders,
  EMPTY_NOMINATION,
  gatesOf,
  nominationPayload,
  pickRider,
  stepFilled,
} from './nomination-draft';

describe('nomination draft', () => {
  it('fills the steps in order: gate set, home gates, away gates', () => {
    let draft = EMPTY_NOMINATION;
    expect(stepFilled(draft, 1)).toBe(false);
    draft = chooseGates(draft, '2-4');
    expect(stepFilled(draft, 1)).toBe(true);
    expect(gatesOf('2-4', 'home')).toEqual(['2', '4']);
    draft = pickRider(draft, '2', 'h1');
    expect(stepFilled(draft, 2)).toBe(false);
    draft = pickRider(draft, '4', 'h2');
    expect(stepFilled(draft, 2)).toBe(true);
    expect(stepFilled(draft, 3)).toBe(false);
    draft = pickRider(pickRider(draft, '1', 'a1'), '3', 'a2');
    expect(nominationPayload(draft)).toEqual({
      assignments: { '1': 'a1', '2': 'h1', '3': 'a2', '4': 'h2' },
      home_gates: '2-4',
      home: ['h1', 'h2'],
      away: ['a1', 'a2'],
    });
  });

  it('clears the picks when the gate set changes, not when it is chosen again', () => {
    const draft = pickRider(chooseGates(EMPTY_NOMINATION, '1-3'), '1', 'h1');
    expect(chooseGates(draft, '1-3')).toBe(draft);
    expect(chooseGates(draft, '2-4')).toEqual({ gates: '2-4', picks: {} });
  });

  it('reads an existing nomination back', () => {
    const riders = {
      '1': { rider_id: 'h1', team: 'home' as const },
      '2': { rider_id: 'a1', team: 'away' as const },
      '3': { rider_id: 'h2', team: 'home' as const },
      '4': { rider_id: 'a2', team: 'away' as const },
    };
    expect(draftFromRiders(riders)).toEqual({
      gates: '1-3',
      picks: { '1': 'h1', '2': 'a1', '3': 'h2', '4': 'a2' },
    });
    expect(draftFromRiders({})).toEqual(EMPTY_NOMINATION);
  });
});
