/**
 * Letters that Unicode's compatibility decomposition (NFKD) leaves whole, but that sources write
 * both with and without: TA writes "Przemyslaw", a Polish source "Przemysław".
 */
const UNDECOMPOSED: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
};

/**
 * The key a squad rider is matched to a rider identity by (issue 28): spaces trimmed and
 * collapsed, lower case by Swedish rules, diacritics folded (NFKD, marks removed), so that
 * "Anton  Rosén", "anton rosen" and "ANTON ROSÉN" are one name.
 */
export function normalizeRiderName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('sv')
    .replace(/[łøđæœß]/g, (letter) => UNDECOMPOSED[letter]!)
    .replace(/\s+/g, ' ')
    .trim();
}
