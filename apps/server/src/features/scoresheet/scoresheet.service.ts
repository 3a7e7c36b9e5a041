import { createMatch, scoresheet, scoresheetSourceOf, type Scoresheet } from '@speedway/rules';
import type { AppContext, Auth } from '../../context';
import { getMatch, officialForProtocol } from '../protocol/index';
import { stockholmDate } from '../../lib/stockholm-date';
import { officialMatchForProtocol } from '../official/index';

// The scoresheet of a protocol (the owner's only: getMatch answers 404 for anyone else's) and the
// blank sheet of an official match, both as the engine's Scoresheet model.

/** The sheet of the caller's protocol; the referee from its official match, if it has one. */
export async function protocolScoresheet(
  ctx: AppContext,
  auth: Auth,
  id: string,
): Promise<Scoresheet> {
  const match = await getMatch(ctx, auth, id);
  const official = match.official_match_id
    ? await officialMatchForProtocol(ctx.db, match.official_match_id)
    : undefined;
  const { sheet, details } = scoresheetSourceOf(
    { ...match, rulebook: match.meta.rules.rulebook },
    official?.referee ?? null,
  );
  return scoresheet(sheet, details);
}

/** The paper sheet of an official match: its line-ups in the programme, no results. */
export async function blankScoresheet(ctx: AppContext, officialId: string): Promise<Scoresheet> {
  const official = await officialForProtocol(ctx.db, officialId);
  return scoresheet(createMatch(official.rulebook, official.lineups), {
    home_team: official.homeTeam,
    away_team: official.awayTeam,
    date: official.startsAt?.toISOString() ?? null,
    venue: official.venue,
    competition: official.competition,
    round: official.round,
    referee: official.referee,
  });
}

/**
 * Content-Disposition for a sheet's file: "Matchprotokoll Västervik – Dackarna 2026-05-12.pdf"
 * (RFC 8187, UTF-8) with an ASCII fallback "matchprotokoll-vastervik-dackarna-2026-05-12.pdf".
 */
export function sheetAttachment(sheet: Scoresheet, kind: string, extension: string): string {
  const { home_team, away_team, date } = sheet.details;
  const day = date ? stockholmDate(new Date(date)) : '';
  const name = `${kind} ${home_team} – ${away_team} ${day}`.trim();
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return (
    `attachment; filename="${ascii}.${extension}"; ` +
    `filename*=UTF-8''${encodeURIComponent(`${name}.${extension}`).replace(
      /['()*]/g,
      (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
    )}`
  );
}
