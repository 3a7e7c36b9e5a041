import { describe, expect, it } from 'vitest';
import { teamShort } from './team-names';

describe('team short names (spec §3)', () => {
  it('uses the given short name, else the first word’s first three letters, else Hem/Bor', () => {
    expect(teamShort('Vargarna', 'VAR', 'home')).toBe('VAR');
    expect(teamShort('Västervik Speedway', null, 'away')).toBe('VÄS');
    expect(teamShort('', '  ', 'home')).toBe('Hem');
    expect(teamShort(undefined, null, 'away')).toBe('Bor');
  });
});
