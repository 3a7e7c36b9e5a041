import { teamShort } from '@/lib/team-names';
import { describe, expect, it } from 'vitest';
import { dateBadge, placementLabel, pointsLabel, savedStatusLabel } from './labels';

describe('saved-match labels', () => {
  it('names the statuses as the spec does, Komplett by default', () => {
    expect(savedStatusLabel('validated')).toBe('Validerad');
    expect(savedStatusLabel('disputed')).toBe('Avvikelse');
    expect(savedStatusLabel('complete')).toBe('Komplett');
    expect(savedStatusLabel('completed')).toBe('Komplett');
    expect(savedStatusLabel(undefined)).toBe('Komplett');
  });

  it('badges a match today as Idag, an earlier one as Avslutad and a coming one not at all', () => {
    const now = new Date(2026, 10, 21, 20, 0);
    expect(dateBadge(new Date(2026, 10, 21, 9, 0).toISOString(), now)).toBe('Idag');
    expect(dateBadge(new Date(2026, 10, 21, 23, 30).toISOString(), now)).toBe('Idag');
    expect(dateBadge(new Date(2026, 10, 20, 23, 59).toISOString(), now)).toBe('Avslutad');
    expect(dateBadge(new Date(2026, 10, 22, 0, 1).toISOString(), now)).toBeNull();
    expect(dateBadge(null, now)).toBeNull();
    expect(dateBadge('inte ett datum', now)).toBeNull();
  });

  it('words places and points', () => {
    expect(placementLabel({ position: 1, status: 'completed' })).toBe('1:a');
    expect(placementLabel({ position: 3, status: 'completed' })).toBe('3:e');
    expect(placementLabel({ position: 0, status: 'excluded' })).toBe('Utesl.');
    expect(placementLabel(null)).toBe('Körde inte');
    expect(pointsLabel(2, 1)).toBe('2+1');
    expect(pointsLabel(3, 0)).toBe('3');
  });

  it('falls back to three letters of the name, then Hem/Bor', () => {
    expect(teamShort('Vargarna', 'VAR', 'home')).toBe('VAR');
    expect(teamShort('Västervik Speedway', null, 'home')).toBe('VÄS');
    expect(teamShort('', '  ', 'away')).toBe('Bor');
  });
});
