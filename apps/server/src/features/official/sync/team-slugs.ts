import type { OfficialTeam } from '@speedway/contracts';
import type { TeamNameRow } from './sync.repository';

// TA names teams in full on a scorecard ("Piraterna") and by abbreviation in titles ("Pir").
// A name mapped by a super_admin (or met before) goes to its team; an unknown name creates a team.

/** "Västervik Speedway" → "vastervik-speedway". */
export function slugFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

export type TeamResolution =
  | {
      ok: true;
      slug: string;
      team?: OfficialTeam;
      remember: { sourceName: string; abbreviation: string | null } | null;
    }
  | { ok: false; reason: string };

export function createTeamResolver(known: readonly TeamNameRow[]) {
  const byName = new Map(known.map((row) => [row.sourceName.toLocaleLowerCase('sv'), row]));
  const byAbbreviation = new Map(
    known.flatMap((row) =>
      row.abbreviation ? [[row.abbreviation.toLocaleLowerCase('sv'), row] as const] : [],
    ),
  );
  return {
    /** The team of a full name (and the title's abbreviation for it, when known). */
    byName(name: string, abbreviation: string | null): TeamResolution {
      const mapped = byName.get(name.toLocaleLowerCase('sv'));
      const remember = { sourceName: name, abbreviation };
      if (mapped) return { ok: true, slug: mapped.team.slug, remember };
      const slug = slugFromName(name);
      if (!slug) return { ok: false, reason: `lagnamnet "${name}" går inte att göra en slug av` };
      const short = abbreviation ? abbreviation.toUpperCase().slice(0, 5) : null;
      return { ok: true, slug, team: { slug, name, city: null, short, arena: null }, remember };
    },
    /** The team of an abbreviation alone (a list row whose scorecard gave no names). */
    byAbbreviation(abbreviation: string): TeamResolution {
      const mapped = byAbbreviation.get(abbreviation.toLocaleLowerCase('sv'));
      return mapped
        ? { ok: true, slug: mapped.team.slug, remember: null }
        : {
            ok: false,
            reason: `laget "${abbreviation}" är okänt (bara förkortningen finns på sidan)`,
          };
    },
  };
}
