import type {
  FollowList,
  FollowState,
  OfficialImportSummary,
  OfficialMatchListQuery,
} from '@speedway/contracts';
import type { Lineups, PlayedMatch } from '@speedway/rules';
import type { AppContext, Auth } from '../../context';
import type { Executor } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { notifyImport, syncReminders } from '../notifications/index';
import { storedRulebook } from '../../lib/rulebook';
import { ImportRejected, issueText } from './import/import-issues';
import { importOfficialData } from './import/official-import.service';
import { toOfficialSummary } from './official.mapper';
import type { JsonReply } from '../../lib/json-text';
import type { OfficialReadCache } from './official-read-cache';
import { officialRepository } from './official.repository';
import { officialWindow } from './official-window';

export const OFFICIAL_MATCH_NOT_FOUND = 'Matchen finns inte.';

/**
 * The official matches of the window a query asks for (OfficialMatchList) as a reply from the read
 * cache; no parameter gives today's and the coming matches (official-window.ts).
 */
export function listOfficialMatches(
  cache: OfficialReadCache,
  auth: Auth,
  query: OfficialMatchListQuery,
  now = new Date(),
): Promise<JsonReply> {
  return cache.list(auth, officialWindow(query, now));
}

/** One official match (OfficialMatchDetail) as a reply from the read cache. */
export async function getOfficialMatch(
  cache: OfficialReadCache,
  auth: Auth,
  id: string,
): Promise<JsonReply> {
  const reply = await cache.detail(auth, id);
  if (reply === undefined) throw notFound(OFFICIAL_MATCH_NOT_FOUND);
  return reply;
}

/** What a protocol copies from an official match; undefined when there is no such match. */
export async function officialMatchForProtocol(db: Executor, id: string) {
  const row = await officialRepository.findForProtocol(db, id);
  return row && { ...row, rulebook: storedRulebook(row.rulebook) };
}

/** The line-ups and teams of an official match, for a team's riders in that match. */
export async function officialLineups(
  db: Executor,
  id: string,
): Promise<{ homeTeamId: string; awayTeamId: string; lineups: Lineups } | undefined> {
  return officialRepository.findForProtocol(db, id);
}

/** Every official result, oldest first, for the league table. */
export function playedMatches(db: Executor): Promise<PlayedMatch[]> {
  return officialRepository.playedResults(db);
}

/** rider id → number in the latest line-up of the rider's team. */
export async function latestLineupNumbers(db: Executor): Promise<Map<string, number>> {
  const rows = await officialRepository.latestLineups(db);
  return new Map(rows.map((row) => [row.riderId, row.no]));
}

export async function setFollow(
  ctx: AppContext,
  { user }: Auth,
  officialMatchId: string,
  followed: boolean,
): Promise<FollowState> {
  if (!(await officialRepository.exists(ctx.db, officialMatchId)))
    throw notFound(OFFICIAL_MATCH_NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    if (followed) await officialRepository.follow(tx, user.id, officialMatchId);
    else await officialRepository.unfollow(tx, user.id, officialMatchId);
    // Following schedules the match's reminder; unfollowing cancels it (unless a protocol of the
    // match keeps the interest).
    await syncReminders(ctx, tx, { userId: user.id, officialMatchIds: [officialMatchId] });
  });
  return { official_match_id: officialMatchId, followed };
}

export async function listFollows(ctx: AppContext, { user }: Auth): Promise<FollowList> {
  const rows = await officialRepository.list(ctx.db, user.id, { followedOnly: true });
  const now = new Date();
  return rows.map((row) => ({
    ...toOfficialSummary(row, now),
    followed_at: row.followedAt!.toISOString(),
  }));
}

/** At most this many problems are spelled out in the answer's message. */
const ISSUES_SHOWN = 10;

/** The super_admin import: a rejected file answers 400 naming each match and field. */
export async function importOfficialFile(
  ctx: AppContext,
  raw: unknown,
): Promise<OfficialImportSummary> {
  try {
    return await importOfficialData(ctx.db, raw, {
      resultsChanged: ctx.officialResultsChanged,
      onImported: (tx, outcome) => notifyImport(ctx, tx, outcome),
    });
  } catch (err) {
    if (!(err instanceof ImportRejected)) throw err;
    const shown = err.issues.slice(0, ISSUES_SHOWN).map(issueText);
    const more = err.issues.length - shown.length;
    throw badRequest(
      [
        `Importen avvisades, inget sparades (${err.issues.length} fel):`,
        ...shown,
        ...(more > 0 ? [`… och ${more} fel till.`] : []),
      ].join('\n'),
      'INVALID_OFFICIAL_DATA',
    );
  }
}
