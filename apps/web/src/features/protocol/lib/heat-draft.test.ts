import { heatOf, messages } from '@speedway/rules';
import { describe, expect, it } from 'vitest';
import { buildState } from '@/testing/protocol-data';
import {
  checkDraft,
  chooseRider,
  draftFromHeat,
  placeLane,
  setLaneStatus,
  type HeatDraft,
} from './heat-draft';

function freshDraft(heatsDone = 0, heatNumber = heatsDone + 1) {
  const state = buildState({ heatsDone });
  const heat = heatOf(state, heatNumber)!;
  return { state, heat, draft: draftFromHeat(heat) };
}

function placeAll(
  draft: HeatDraft,
  positions: [1 | 2 | 3 | 4, 1 | 2 | 3 | 4, 1 | 2 | 3 | 4, 1 | 2 | 3 | 4],
) {
  return (['1', '2', '3', '4'] as const).reduce(
    (d, lane, i) => placeLane(d, lane, positions[i]!),
    draft,
  );
}

describe('placements', () => {
  it('toggles a set placement off when it is clicked again', () => {
    const { draft } = freshDraft();
    const once = placeLane(draft, '1', 2);
    expect(once.entries['1']).toEqual({ position: 2, status: 'completed' });
    expect(placeLane(once, '1', 2).entries['1']).toEqual({ position: 0, status: 'completed' });
  });

  it('clears the placement of the rider who held it', () => {
    const { draft } = freshDraft();
    const next = placeLane(placeLane(draft, '1', 1), '3', 1);
    expect(next.entries['1']?.position).toBe(0);
    expect(next.entries['3']?.position).toBe(1);
  });

  it('excluding sets the placement to 0 and blocks new placements on that lane', () => {
    const { draft } = freshDraft();
    const excluded = setLaneStatus(placeLane(draft, '2', 3), '2', 'excluded');
    expect(excluded.entries['2']).toEqual({ position: 0, status: 'excluded' });
    expect(placeLane(excluded, '2', 1)).toBe(excluded);
  });
});

describe('checkDraft', () => {
  it('asks for unique placements before anything is filled in, and while one is missing', () => {
    const { state, draft } = freshDraft();
    expect(checkDraft(state, 1, draft)).toEqual({ ok: false, reason: messages.placementsRequired });
    const three = placeLane(placeLane(placeLane(draft, '1', 1), '2', 2), '3', 3);
    expect(checkDraft(state, 1, three)).toEqual({
      ok: false,
      reason: messages.placementsRequired,
    });
  });

  it('sends results as an array and no assignments when no rider changed', () => {
    const { state, heat, draft } = freshDraft();
    const check = checkDraft(state, 1, placeAll(draft, [2, 1, 4, 3]));
    expect(check).toEqual({
      ok: true,
      payload: {
        rr: false,
        results: [
          { rider_id: heat.riders['1']!.rider_id, position: 2, status: 'completed' },
          { rider_id: heat.riders['2']!.rider_id, position: 1, status: 'completed' },
          { rider_id: heat.riders['3']!.rider_id, position: 4, status: 'completed' },
          { rider_id: heat.riders['4']!.rider_id, position: 3, status: 'completed' },
        ],
      },
    });
  });

  it('accepts an excluded rider beside three placed ones', () => {
    const { state, draft } = freshDraft();
    const filled = setLaneStatus(
      placeLane(placeLane(placeLane(draft, '1', 1), '2', 2), '3', 3),
      '4',
      'excluded',
    );
    const check = checkDraft(state, 1, filled);
    expect(check.ok).toBe(true);
    if (check.ok)
      expect(check.payload.results?.[3]).toMatchObject({ position: 0, status: 'excluded' });
  });

  it('says nothing changed for a completed heat opened and left as it was', () => {
    const { state, draft } = freshDraft(1, 1);
    expect(checkDraft(state, 1, draft)).toEqual({ ok: false, reason: messages.noChanges });
  });

  it('sends only the lanes whose rider changed', () => {
    const { state, heat, draft } = freshDraft();
    const unlocked = { ...draft, rr: true };
    const reserve = state.lineups.home.find((r) => r.lineup_no === 6)!;
    const homeLane = (['1', '2', '3', '4'] as const).find((l) => heat.riders[l]!.team === 'home')!;
    const swapped = chooseRider(unlocked, homeLane, reserve.rider_id);
    expect(swapped.ok).toBe(true);
    if (!swapped.ok) return;
    const check = checkDraft(state, 1, placeAll(swapped.draft, [1, 2, 3, 4]));
    expect(check.ok && check.payload.assignments).toEqual({ [homeLane]: reserve.rider_id });
    expect(check.ok && check.payload.rr).toBe(true);
  });

  it("refuses a swap outside the tactical window with the engine's reason", () => {
    const { state, heat, draft } = freshDraft();
    const reserve = state.lineups.home.find((r) => r.lineup_no === 6)!;
    const homeLane = (['1', '2', '3', '4'] as const).find((l) => heat.riders[l]!.team === 'home')!;
    const swapped = chooseRider(draft, homeLane, reserve.rider_id);
    if (!swapped.ok) throw new Error('expected the choice to be recorded');
    expect(checkDraft(state, 1, swapped.draft)).toEqual({
      ok: false,
      reason: messages.tacticalOutsideWindow(5, 14),
      swap: true,
    });
  });

  it('allows one tactical reserve per heat and names the fix for two', () => {
    // Away wins heats 1–4 5-1: home trails by 16 before heat 5.
    const { state, heat, draft } = freshDraft(4);
    const homeLanes = (['1', '2', '3', '4'] as const).filter(
      (l) => heat.riders[l]!.team === 'home',
    );
    const inHeat = homeLanes.map((l) => heat.riders[l]!.rider_id);
    const bench = state.lineups.home.filter((r) => !inHeat.includes(r.rider_id));
    const one = chooseRider(draft, homeLanes[0]!, bench[0]!.rider_id);
    if (!one.ok) throw new Error('first swap refused');
    expect(checkDraft(state, 5, placeAll(one.draft, [1, 2, 3, 4])).ok).toBe(true);
    const two = chooseRider(one.draft, homeLanes[1]!, bench[1]!.rider_id);
    if (!two.ok) throw new Error('second swap refused');
    expect(checkDraft(state, 5, placeAll(two.draft, [1, 2, 3, 4]))).toEqual({
      ok: false,
      reason: `${messages.oneTacticalPerHeatShort} ${messages.resetOneSwap}`,
      swap: true,
    });
  });
});

describe('chooseRider', () => {
  it('refuses a rider who already rides the heat, unless unlocked, where the two change lanes', () => {
    const { heat, draft } = freshDraft();
    const homeLanes = (['1', '2', '3', '4'] as const).filter(
      (l) => heat.riders[l]!.team === 'home',
    );
    const [a, b] = homeLanes as [(typeof homeLanes)[0], (typeof homeLanes)[0]];
    const other = heat.riders[b]!.rider_id;
    expect(chooseRider(draft, a, other)).toEqual({
      ok: false,
      message: messages.riderAlreadyInHeat,
    });
    const swapped = chooseRider({ ...draft, rr: true }, a, other);
    expect(swapped.ok && swapped.draft.riders).toMatchObject({
      [a]: other,
      [b]: heat.riders[a]!.rider_id,
    });
  });
});
