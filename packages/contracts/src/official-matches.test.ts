import { describe, expect, it } from 'vitest';
import { OFFICIAL_WINDOW_MAX_DAYS, OfficialMatchListQuerySchema } from './official-matches';

// The query of GET /api/official-matches as the route receives it: every value a string.
const parse = (query: Record<string, unknown>) => OfficialMatchListQuerySchema.safeParse(query);
const messages = (query: Record<string, unknown>) =>
  parse(query).error?.issues.map((issue) => issue.message) ?? [];

describe('OfficialMatchListQuerySchema', () => {
  it('takes no parameter, a season, a window, or both', () => {
    expect(parse({}).data).toEqual({});
    expect(parse({ season: '2026' }).data).toEqual({ season: 2026 });
    expect(parse({ from: '2026-05-01', to: '2026-05-31' }).data).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
    });
    expect(parse({ season: '2025', from: '2025-04-01' }).data).toEqual({
      season: 2025,
      from: '2025-04-01',
    });
  });

  it('takes a whole leap year as one window, not a day more', () => {
    expect(parse({ from: '2028-01-01', to: '2028-12-31' }).success).toBe(true);
    expect(parse({ from: '2027-01-01', to: '2028-01-01' }).success).toBe(true);
    expect(messages({ from: '2027-01-01', to: '2028-01-02' })).toEqual([
      `Ett datumfönster får omfatta högst ${OFFICIAL_WINDOW_MAX_DAYS} dagar.`,
    ]);
  });

  it('refuses a bad season in Swedish', () => {
    for (const season of ['abc', '2026.5', '', '1899', '2201', ['2025', '2026']]) {
      expect(messages({ season })).toEqual(['season ska vara ett år, 1900–2200.']);
    }
  });

  it('refuses a day that is no date, or out of range', () => {
    for (const from of ['2026-13-01', '2026-02-30', '26-05-01', '2026-05-01T00:00', '1899-12-31']) {
      expect(messages({ from })).toEqual(['from ska vara ett datum som ÅÅÅÅ-MM-DD, år 1900–2200.']);
    }
    expect(messages({ to: 'i morgon' })).toEqual([
      'to ska vara ett datum som ÅÅÅÅ-MM-DD, år 1900–2200.',
    ]);
  });

  it('refuses a window that ends before it starts', () => {
    expect(messages({ from: '2026-06-02', to: '2026-06-01' })).toEqual([
      'from får inte vara senare än to.',
    ]);
  });

  it('refuses a parameter it does not know, without repeating it', () => {
    const [message] = messages({ seasons: '2026' });
    expect(message).toBe('Okänd parameter: använd season, from och to.');
  });
});
