import { describe, expect, it } from 'vitest';
import { teamName, teamShort, withTeamNames } from './team-names';

describe('team short names (docs/spec/2-matches-protocols-admin.md §3)', () => {
  it('uses the given short name, else the first word’s first three letters, else Hem/Bor', () => {
    expect(teamShort('Vargarna', 'VAR', 'home')).toBe('VAR');
    expect(teamShort('Västervik Speedway', null, 'away')).toBe('VÄS');
    expect(teamShort('', '  ', 'home')).toBe('Hem');
    expect(teamShort(undefined, null, 'away')).toBe('Bor');
  });
});

describe('team names (docs/spec/2-matches-protocols-admin.md §3)', () => {
  it("falls back to 'Hemmalag' and 'Bortalag' where an official match has no name", () => {
    expect(teamName('Vargarna', 'home')).toBe('Vargarna');
    expect(teamName('  ', 'home')).toBe('Hemmalag');
    expect(teamName(null, 'away')).toBe('Bortalag');
    const named = { id: 'x', home_team: 'Vargarna', away_team: 'Dackarna' };
    expect(withTeamNames(named)).toBe(named);
    expect(withTeamNames({ id: 'y', home_team: '', away_team: ' ' })).toEqual({
      id: 'y',
      home_team: 'Hemmalag',
      away_team: 'Bortalag',
    });
  });
});
