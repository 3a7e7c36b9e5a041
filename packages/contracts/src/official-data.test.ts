import { describe, expect, it } from 'vitest';
import {
  OFFICIAL_DATA_MAX_MATCHES,
  OfficialDataFileSchema,
  OfficialDataOutlineSchema,
  OfficialMatchImportSchema,
  OfficialTeamSchema,
  officialDataDuplicates,
} from './official-data';

const match = { external_id: 'm1', home: 'hemma', away: 'borta' };
const result = { home_score: 46, away_score: 44 };

/** `path: message` of each problem, as the import names them. */
function problems(
  schema: { safeParse: (v: unknown) => { error?: { issues: Issue[] } } },
  v: unknown,
) {
  return (schema.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}
type Issue = { path: PropertyKey[]; message: string };

describe('a team', () => {
  it('needs only slug and name; city, short and arena may be missing or null', () => {
    expect(OfficialTeamSchema.parse({ slug: 'hemma', name: 'Hemma' })).toEqual({
      slug: 'hemma',
      name: 'Hemma',
    });
    expect(
      OfficialTeamSchema.parse({
        slug: 'hemma',
        name: 'Hemma',
        city: null,
        short: null,
        arena: null,
      }),
    ).toMatchObject({ city: null, short: null, arena: null });
  });

  it('takes a blank text as missing', () => {
    expect(
      OfficialTeamSchema.parse({ slug: 'hemma', name: 'Hemma', city: ' ', short: '', arena: '  ' }),
    ).toMatchObject({ city: null, short: null, arena: null });
  });

  it('still bounds them', () => {
    expect(problems(OfficialTeamSchema, { slug: 'a', name: 'A', short: 'SEXTEN' })).toEqual([
      'short: får vara högst 5 tecken',
    ]);
    expect(problems(OfficialTeamSchema, { slug: 'a'.repeat(61), name: 'A' })).toContain(
      'slug: får vara högst 60 tecken',
    );
  });
});

describe('every number is bounded by what the sport allows', () => {
  it.each([
    [{ result: { ...result, home_score: 2 ** 31 } }, 'result.home_score: ska vara 0–75'],
    [{ result: { ...result, away_score: -1 } }, 'result.away_score: ska vara 0–75'],
    [{ result: { ...result, home_score: 76 } }, 'result.home_score: ska vara 0–75'],
    [
      {
        result: {
          ...result,
          heats: [
            {
              heat: 1,
              riders: [{ gate: 1, team: 'H', no: 1, position: 1, status: 'completed' }],
              heat_score: [2 ** 31, 0],
            },
          ],
        },
      },
      'result.heats.0.heat_score.0: ska vara 0–5',
    ],
    [{ season: 1e20 }, 'season: ska vara 1900–2200'],
    [{ season: 1899 }, 'season: ska vara 1900–2200'],
    [{ round: 2 ** 31 }, 'round: ska vara 0–200'],
    [{ start: '0000-01-01T00:00:00Z' }, 'start: året ska vara 1900–2200'],
    [{ start: '9999-12-31T23:59:59+00:00' }, 'start: året ska vara 1900–2200'],
    [
      { start: '2026-02-30T19:00:00+02:00' },
      'start: ska vara datum och tid enligt ISO 8601 med tidszon',
    ],
    [
      { season: 2026, start: '2031-06-02T19:00:00+02:00' },
      'start: året 2031 hör inte till säsongen 2026',
    ],
  ])('%j', (changes, message) => {
    expect(problems(OfficialMatchImportSchema, { ...match, ...changes })).toEqual([message]);
  });

  it('accepts the edges', () => {
    for (const changes of [
      { result: { home_score: 75, away_score: 0 } },
      { season: 2026, start: '2026-06-02T19:00:00+02:00' },
      // A season over new year, e.g. a winter series labelled by the year it ends.
      { season: 2026, start: '2025-12-30T19:00:00+01:00' },
      { season: 1900, start: '1900-01-01T00:00:00Z', round: 200 },
      { start: '2200-12-31T23:59:59-12:00' },
    ]) {
      expect(problems(OfficialMatchImportSchema, { ...match, ...changes })).toEqual([]);
    }
  });
});

describe('texts and lists are bounded', () => {
  it.each([
    ['external_id', { external_id: 'x'.repeat(121) }, 'external_id: får vara högst 120 tecken'],
    ['venue', { venue: 'x'.repeat(121) }, 'venue: får vara högst 120 tecken'],
    ['referee', { referee: 'x'.repeat(81) }, 'referee: får vara högst 80 tecken'],
    ['tv', { tv: 'x'.repeat(81) }, 'tv: får vara högst 80 tecken'],
    ['competition', { competition: 'x'.repeat(81) }, 'competition: får vara högst 80 tecken'],
    [
      'a rider name',
      { lineups: { home: { '1': 'x'.repeat(81) } } },
      'lineups.home.1: får vara högst 80 tecken',
    ],
  ])('%s', (_, changes, message) => {
    expect(problems(OfficialMatchImportSchema, { ...match, ...changes })).toEqual([message]);
  });

  it('holds at most 50 000 matches in a file', () => {
    const doc = {
      format: 'speedway-official/1',
      matches: Array.from({ length: OFFICIAL_DATA_MAX_MATCHES + 1 }, () => 0),
    };
    expect(problems(OfficialDataOutlineSchema, doc)).toEqual([
      'matches: högst 50 000 matcher per fil',
    ]);
  });
});

describe('duplicates', () => {
  it('names the later entry of a slug or external_id given twice, with holes skipped', () => {
    expect(
      officialDataDuplicates({
        teams: [{ slug: 'a' }, { slug: 'b' }, { slug: 'a' }],
        matches: [{ external_id: 'x' }, undefined, { external_id: 'x' }, { external_id: 'y' }],
      }),
    ).toEqual([
      { path: ['teams', 2, 'slug'], message: 'laget finns två gånger' },
      { path: ['matches', 2, 'external_id'], message: 'matchen finns två gånger i filen' },
    ]);
  });

  it('are part of the whole-file schema', () => {
    const n = 2_000;
    const doc = {
      format: 'speedway-official/1',
      teams: [
        { slug: 'hemma', name: 'Hemma' },
        { slug: 'borta', name: 'Borta' },
      ],
      matches: Array.from({ length: n }, (_, i) => ({ ...match, external_id: `m${i % (n - 1)}` })),
    };
    expect(problems(OfficialDataFileSchema, doc)).toEqual([
      `matches.${n - 1}.external_id: matchen finns två gånger i filen`,
    ]);
  });
});
