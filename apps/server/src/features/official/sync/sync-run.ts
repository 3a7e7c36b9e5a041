import {
  OFFICIAL_DATA_FORMAT,
  type OfficialDataDocument,
  type OfficialTeam,
  type SyncCounts,
  type SyncOutcome,
  type SyncRefusal,
} from '@speedway/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import type { Database } from '../../../db/client';
import type { Jobs } from '../../../jobs/jobs';
import { notifyImport } from '../../notifications/index';
import { ImportRejected, issueText } from '../import/import-issues';
import { importOfficialData, type ResultsChanged } from '../import/official-import.service';
import type { TaListRow } from '../svemo-ta/match-list-page';
import { stockholmDate } from '../../../lib/stockholm-date';
import type { ScorecardPage } from '../svemo-ta/scorecard-page';
import { externalIdOf, scorecardToMatch } from '../svemo-ta/scorecard-to-match';
import { SourceUnreadable, type TaSource } from '../svemo-ta/ta-source';
import { inSeries } from '../svemo-ta/title';
import { createTeamResolver, type TeamResolution } from './team-slugs';
import { EMPTY_COUNTS, syncRepository as repo } from './sync.repository';

// One run of the sync: every listed match of every season, one at a time. A match that cannot be
// read or does not add up is refused alone, naming why; the run fails only when no season's list
// could be read at all. Each match is imported in a transaction of its own through the one
// import path files use (importOfficialData), so a late or corrected result is compared with
// saved protocols and tells their owners, exactly as a file import does.

export type SyncDeps = {
  db: Database;
  log: FastifyBaseLogger;
  jobs: Jobs;
  officialResultsChanged: ResultsChanged;
};

export type SyncLine = {
  outcome: SyncOutcome;
  externalId: string | null;
  title: string;
  url: string | null;
  reason?: string;
};

export type SyncPlan = {
  source: TaSource;
  seasons: number[];
  series: string;
  /** 'near': only matches around today (and new or moved ones); 'all': every listed match. */
  scope: 'all' | 'near';
  now?: Date;
};

/** Days around today a match-night run looks at: results are approved and corrected after. */
const NEAR_DAYS_BEFORE = 7;
const NEAR_DAYS_AFTER = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

const rowTitle = (row: TaListRow) =>
  [row.date ?? row.title.date, row.title.text].filter(Boolean).join(' ');

function contentHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** The match's two teams from its page's names, else from the title's abbreviations. */
function teamsOf(
  page: ScorecardPage,
  row: TaListRow,
  resolver: ReturnType<typeof createTeamResolver>,
):
  | { ok: true; home: TeamResolution & { ok: true }; away: TeamResolution & { ok: true } }
  | { ok: false; reason: string } {
  const abbreviations = [page.title.home || row.title.home, page.title.away || row.title.away];
  const names = [0, 1].map((i) => page.teams[i]?.name || page.scores[i]?.name || '');
  const [home, away] = [0, 1].map((i) =>
    names[i]
      ? resolver.byName(names[i]!, abbreviations[i] || null)
      : resolver.byAbbreviation(abbreviations[i]!),
  );
  if (!home!.ok) return home!;
  if (!away!.ok) return away!;
  return { ok: true, home: home!, away: away! };
}

export async function runSync(
  deps: SyncDeps,
  runId: string,
  plan: SyncPlan,
  onLine: (line: SyncLine) => void = () => {},
): Promise<{ counts: SyncCounts; refusals: SyncRefusal[] }> {
  const counts = { ...EMPTY_COUNTS };
  const refusals: SyncRefusal[] = [];
  const now = plan.now ?? new Date();
  const near = (date: string | null) => {
    if (!date) return true;
    const at = Date.parse(`${date}T12:00:00Z`);
    const today = Date.parse(`${stockholmDate(now)}T12:00:00Z`);
    return at >= today - NEAR_DAYS_BEFORE * DAY_MS && at <= today + NEAR_DAYS_AFTER * DAY_MS;
  };

  const record = async (line: SyncLine) => {
    counts.seen++;
    counts[line.outcome]++;
    if (line.outcome === 'refused') {
      refusals.push({
        external_id: line.externalId,
        title: line.title,
        url: line.url,
        reason: line.reason ?? '',
      });
    }
    onLine(line);
    await repo.progress(deps.db, runId, counts, refusals);
  };

  async function syncRow(row: TaListRow, season: number): Promise<SyncLine> {
    const title = rowTitle(row);
    if (row.competitionId === null) {
      return {
        outcome: 'refused',
        externalId: null,
        title,
        url: null,
        reason: 'Svemo TA länkar ingen matchsida till matchen',
      };
    }
    const externalId = externalIdOf(row.competitionId);
    const stored = await repo.pageState(deps.db, externalId);
    const fetched = await plan.source.scorecard(row, stored ?? {});
    if (fetched.status === 'not-modified')
      return { outcome: 'unchanged', externalId, title, url: fetched.url };
    if (fetched.status === 'failed') {
      return { outcome: 'refused', externalId, title, url: fetched.url, reason: fetched.reason };
    }
    const refuse = (reason: string): SyncLine => ({
      outcome: 'refused',
      externalId,
      title,
      url: fetched.url,
      reason,
    });
    const resolver = createTeamResolver(await repo.teamNames(deps.db));
    const teams = teamsOf(fetched.page, row, resolver);
    if (!teams.ok) return refuse(teams.reason);
    const converted = scorecardToMatch(
      fetched.page,
      { home: teams.home.slug, away: teams.away.slug },
      { date: row.date, competitionId: row.competitionId, season },
    );
    if (!converted.ok) return refuse(converted.reason);
    const newTeams = [teams.home.team, teams.away.team].filter(
      (t): t is OfficialTeam => t !== undefined,
    );
    const doc: OfficialDataDocument = {
      format: OFFICIAL_DATA_FORMAT,
      teams: newTeams,
      matches: [converted.match],
    };
    // The match as it would be written (team entries aside: a name met before is mapped, not new).
    const hash = contentHash(converted.match);
    if (stored?.contentHash === hash)
      return { outcome: 'unchanged', externalId, title, url: fetched.url };
    try {
      const summary = await deps.db.transaction(async (tx) => {
        const done = await importOfficialData(tx, doc, {
          resultsChanged: deps.officialResultsChanged,
          onImported: (t, outcome) => notifyImport(deps, t, outcome),
        });
        for (const side of [teams.home, teams.away]) {
          if (side.remember)
            await repo.rememberTeamName(tx, { ...side.remember, teamSlug: side.slug });
        }
        await repo.savePage(tx, {
          key: externalId,
          url: fetched.url,
          etag: fetched.etag,
          lastModified: fetched.lastModified,
          contentHash: hash,
        });
        return done;
      });
      return {
        outcome: summary.matches.created > 0 ? 'imported' : 'updated',
        externalId,
        title,
        url: fetched.url,
      };
    } catch (err) {
      if (err instanceof ImportRejected) return refuse(err.issues.map(issueText).join('; '));
      throw err;
    }
  }

  const unreadable: string[] = [];
  for (const season of plan.seasons) {
    let rows: TaListRow[];
    try {
      rows = (await plan.source.listMatches(season, plan.series)).filter((row) =>
        inSeries(row.title.competition, plan.series),
      );
    } catch (err) {
      if (!(err instanceof SourceUnreadable)) throw err;
      unreadable.push(err.message);
      deps.log.warn({ season, err: err.message }, 'official sync: match list not read');
      continue;
    }
    const listed = new Set(
      rows.flatMap((row) => (row.competitionId === null ? [] : [row.competitionId])),
    );
    rows.push(...(await plan.source.unlisted(listed, season)));
    const starts =
      plan.scope === 'near'
        ? await repo.storedStarts(deps.db, [...listed].map(externalIdOf))
        : new Map<string, Date | null>();
    for (const row of rows) {
      if (plan.scope === 'near' && row.competitionId === null && !near(row.date)) continue;
      if (plan.scope === 'near' && row.competitionId !== null) {
        const start = starts.get(externalIdOf(row.competitionId));
        const moved =
          start === undefined ||
          start === null ||
          (row.date !== null && stockholmDate(start) !== row.date);
        if (!moved && !near(row.date)) continue;
      }
      await record(await syncRow(row, season));
    }
  }
  if (unreadable.length === plan.seasons.length) {
    throw new SourceUnreadable(unreadable.join(' '));
  }
  for (const reason of unreadable) {
    refusals.push({ external_id: null, title: 'Matchlistan', url: plan.source.origin, reason });
  }
  return { counts, refusals };
}
