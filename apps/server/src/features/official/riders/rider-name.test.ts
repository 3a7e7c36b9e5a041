import { describe, expect, it } from 'vitest';
import { normalizeRiderName } from './rider-name';

describe('normalizeRiderName', () => {
  it('trims and collapses white space of any kind', () => {
    expect(normalizeRiderName('  Chris \t Holder\u00a0 ')).toBe('chris holder');
  });

  it('lower-cases by Swedish rules and folds diacritics', () => {
    expect(normalizeRiderName('ANTON ROSÉN')).toBe('anton rosen');
    expect(normalizeRiderName('Linus Sundström')).toBe('linus sundstrom');
    expect(normalizeRiderName('Åke Ärlig')).toBe('ake arlig');
    expect(normalizeRiderName('Sebastian Aldén')).toBe(normalizeRiderName('sebastian alden'));
  });

  it('folds the letters NFKD keeps whole, and compatibility forms', () => {
    expect(normalizeRiderName('Przemysław Pawlicki')).toBe('przemyslaw pawlicki');
    expect(normalizeRiderName('Nicki PEDERSEN')).toBe(normalizeRiderName('Nicki Pedersen'));
    expect(normalizeRiderName('Bjørn Ødegaard')).toBe('bjorn odegaard');
    // A fullwidth letter and a ligature are their plain letters under NFKD.
    expect(normalizeRiderName('Ｔai ﬁsher')).toBe('tai fisher');
  });

  it('keeps different names apart', () => {
    expect(normalizeRiderName('Jason Doyle')).not.toBe(normalizeRiderName('Jason Crump'));
    expect(normalizeRiderName('Jan Jansson')).not.toBe(normalizeRiderName('Jan Janson'));
  });

  it('is idempotent', () => {
    for (const name of ['Grzegorz Zengota', ' Ådam  Östlund ', 'Przemysław']) {
      const once = normalizeRiderName(name);
      expect(normalizeRiderName(once)).toBe(once);
    }
  });
});
