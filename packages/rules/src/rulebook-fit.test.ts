import { describe, expect, it } from 'vitest';
import { getRulebook, programmedGates, RULEBOOK_IDS, type RulebookId } from './rulebooks';
import { fitRulebooks, rulebookForSeason, type ProgrammedRide } from './rulebook-fit';
import { LANES } from './types';

/** Every programmed ride of a rulebook, as a scorecard of it shows them. */
function ridesOf(id: RulebookId, upToHeat = 15): ProgrammedRide[] {
  const rulebook = getRulebook(id);
  return Array.from({ length: upToHeat }, (_, i) => i + 1).flatMap((heat) => {
    const gates = programmedGates(rulebook, heat);
    return gates
      ? LANES.map((lane) => ({
          heat,
          gate: Number(lane),
          team: gates[lane].team,
          lineup_no: gates[lane].lineup_no,
          helmet: gates[lane].helmet_color,
        }))
      : [];
  });
}

describe('fitRulebooks', () => {
  it.each(RULEBOOK_IDS)('a full scorecard of %s fits it and no other', (id) => {
    const fits = fitRulebooks(ridesOf(id));
    expect(fits.filter((f) => f.disagreement === null).map((f) => f.rulebook)).toEqual([id]);
  });

  it('names the first heat and gate where a rulebook disagrees', () => {
    const rides = ridesOf('elitserien-klassisk').map((ride) =>
      ride.heat === 3 && ride.gate === 2 ? { ...ride, lineup_no: 5 } : ride,
    );
    expect(
      fitRulebooks(rides).find((f) => f.rulebook === 'elitserien-klassisk')!.disagreement,
    ).toBe(
      'heat 3 spår 2: elitserien-klassisk programmerar bortalagets nr 3 (vit), sidan visar bortalagets nr 5 (vit)',
    );
  });

  it('says when a page shows programmed riders in a heat the rulebook nominates', () => {
    const rides = ridesOf('elitserien-klassisk');
    const fit = fitRulebooks(rides.filter((r) => r.heat <= 10 || r.heat === 14)).find(
      (f) => f.rulebook === 'elitserien-2019',
    )!;
    expect(fit.disagreement).toBe(
      'heat 14 är nominerat i elitserien-2019, men sidan visar programmerade förare i det',
    );
  });

  it('judges a ride without a helmet by team and number, and names a heat no rulebook has', () => {
    const bare = ridesOf('elitserien-klassisk').map(({ helmet: _helmet, ...ride }) => ride);
    expect(fitRulebooks(bare)[0]!.disagreement).toBeNull();
    const moved = bare.map((ride) =>
      ride.heat === 2 && ride.gate === 1 ? { ...ride, lineup_no: 1 } : ride,
    );
    expect(fitRulebooks(moved)[0]!.disagreement).toBe(
      'heat 2 spår 1: elitserien-klassisk programmerar bortalagets nr 7 (gul), sidan visar bortalagets nr 1',
    );
    expect(fitRulebooks([{ heat: 16, gate: 1, team: 'home', lineup_no: 1 }])[0]!.disagreement).toBe(
      'elitserien-klassisk har inget heat 16',
    );
  });

  it('a page without programmed rides (a coming match) fits every rulebook', () => {
    expect(fitRulebooks([]).every((f) => f.disagreement === null)).toBe(true);
  });

  it('a missing rider at a gate is named as such', () => {
    const rides = ridesOf('elitserien-klassisk', 1).filter((r) => r.gate !== 4);
    expect(fitRulebooks(rides)[0]!.disagreement).toBe(
      'heat 1 spår 4: elitserien-klassisk programmerar bortalagets nr 2 (gul), sidan visar ingen programmerad förare',
    );
  });
});

describe('rulebookForSeason', () => {
  it('follows the league: the 2019 programme in 2018–19 and from 2022, the classic one otherwise', () => {
    expect([2012, 2017, 2018, 2019, 2020, 2021, 2022, 2026].map(rulebookForSeason)).toEqual([
      'elitserien-klassisk',
      'elitserien-klassisk',
      'elitserien-2019',
      'elitserien-2019',
      'elitserien-klassisk',
      'elitserien-klassisk',
      'elitserien-2019',
      'elitserien-2019',
    ]);
  });
});
