import { describe, expect, it } from 'vitest';
import { teamShort } from '@/lib/team-names';
import { ordinal } from './match-state';

describe('teamShort', () => {
  it('uses the short name, else three letters of the first word, else Hem/Bor', () => {
    expect(teamShort('Västervik Speedway', 'VÄS', 'home')).toBe('VÄS');
    expect(teamShort('Västervik Speedway', null, 'home')).toBe('VÄS');
    expect(teamShort('Ed', '  ', 'away')).toBe('ED');
    expect(teamShort('', null, 'home')).toBe('Hem');
    expect(teamShort(null, null, 'away')).toBe('Bor');
  });

  it('writes Swedish ordinals', () => {
    expect([1, 2, 3, 4].map(ordinal)).toEqual(['1:a', '2:a', '3:e', '4:e']);
  });
});
