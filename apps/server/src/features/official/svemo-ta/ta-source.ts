import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseMatchList, isMatchListPage, type TaListRow } from './match-list-page';
import { parseScorecard, UnreadablePage, type ScorecardPage } from './scorecard-page';
import { createTaClient, TaRequestFailed, type TaClient, type Validators } from './ta-client';

// Where TA's pages come from: TA itself over HTTP, or a folder of saved pages (`npm run sync --
// --dir`). Both give a season's listed matches and each match's scorecard.

/** A page of a match: its scorecard, unchanged since the validators given, or why not read. */
export type ScorecardFetch =
  | {
      status: 'ok';
      url: string;
      page: ScorecardPage;
      etag: string | null;
      lastModified: string | null;
    }
  | { status: 'not-modified'; url: string }
  | { status: 'failed'; url: string | null; reason: string };

export type TaSource = {
  /** The base URL or the folder, as a run records it. */
  readonly origin: string;
  /** The season's listed matches, every page; throws SourceUnreadable when the list cannot be read. */
  listMatches: (season: number, series: string) => Promise<TaListRow[]>;
  scorecard: (row: TaListRow, validators: Validators) => Promise<ScorecardFetch>;
  /** Scorecards the source holds that no list row names (a folder of saved pages). */
  unlisted: (listed: ReadonlySet<number>, season: number) => Promise<TaListRow[]>;
};

/** The source gave no match list at all: the run fails (a page that fails alone is refused). */
export class SourceUnreadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceUnreadable';
  }
}

/** A season's list, every competition (not only approved results): ADR 014 and the README. */
export function listUrl(baseUrl: string, season: number, series: string): string {
  const query = new URLSearchParams({
    Branch: 'Speedway',
    Season: String(season),
    Serie: series,
    Columns: 'FromDateShort,Name,HeatSchema,HeatResult',
    pagesize: '50',
  });
  return `${baseUrl}/public/pages/competition/events.aspx?${query}`;
}

/** A scorecard's address from the list's link, asked for in Swedish. */
export function scorecardUrl(baseUrl: string, row: TaListRow): string {
  const url = new URL(
    row.scorecardHref ??
      `/Public/Pages/Competition/DrivingSchedule/CompetitionHeatSchema.aspx?CompetitionId=${row.competitionId}`,
    `${baseUrl}/`,
  );
  url.searchParams.set('language', 'sv-se');
  return url.toString();
}

/** A list has at most this many pages (a season is about 70 matches, 50 a page). */
const MAX_LIST_PAGES = 20;

export function httpSource(options: Parameters<typeof createTaClient>[0]): TaSource {
  const client: TaClient = createTaClient(options);
  return {
    origin: client.baseUrl,
    async listMatches(season, series) {
      const first = listUrl(client.baseUrl, season, series);
      let response;
      try {
        response = await client.get(first);
      } catch (err) {
        if (err instanceof TaRequestFailed) {
          throw new SourceUnreadable(`Matchlistan för ${season} kunde inte läsas: ${err.message}.`);
        }
        throw err;
      }
      if (response.status !== 'ok' || !isMatchListPage(response.body)) {
        throw new SourceUnreadable(`Svemo TA gav ingen matchlista för ${season} (${first}).`);
      }
      let page = parseMatchList(response.body);
      let pageUrl = response.url;
      const rows = [...page.rows];
      for (let n = 1; page.next && n < MAX_LIST_PAGES; n++) {
        const target = new URL(page.next.action, pageUrl).toString();
        let next;
        try {
          next = await client.post(target, page.next.fields);
        } catch (err) {
          if (err instanceof TaRequestFailed) {
            throw new SourceUnreadable(
              `Sida ${n + 1} av matchlistan för ${season} kunde inte läsas: ${err.message}.`,
            );
          }
          throw err;
        }
        if (next.status !== 'ok' || !isMatchListPage(next.body)) {
          throw new SourceUnreadable(
            `Sida ${n + 1} av matchlistan för ${season} gick inte att läsa.`,
          );
        }
        const parsed = parseMatchList(next.body);
        // A post-back that answers the same page again would loop for ever.
        if (parsed.page !== null && page.page !== null && parsed.page <= page.page) break;
        rows.push(...parsed.rows);
        page = parsed;
        pageUrl = next.url;
      }
      return rows;
    },
    async scorecard(row, validators) {
      const url = scorecardUrl(client.baseUrl, row);
      try {
        const response = await client.get(url, validators);
        if (response.status === 'not-modified') return response;
        return {
          status: 'ok',
          url,
          page: parseScorecard(response.body),
          etag: response.etag,
          lastModified: response.lastModified,
        };
      } catch (err) {
        if (err instanceof TaRequestFailed || err instanceof UnreadablePage) {
          return { status: 'failed', url, reason: `matchsidan kunde inte läsas: ${err.message}` };
        }
        throw err;
      }
    },
    unlisted: async () => [],
  };
}

/** Saved pages in a folder, recognised by their content; the CompetitionId is in each page. */
export async function folderSource(folder: string): Promise<TaSource> {
  const names = (await readdir(folder)).filter((name) => /\.html?$/i.test(name)).sort();
  const lists: { rows: TaListRow[]; page: number }[] = [];
  const scorecards = new Map<number, { file: string; page: ScorecardPage }>();
  for (const name of names) {
    const file = path.join(folder, name);
    const html = await readFile(file, 'utf8');
    if (isMatchListPage(html)) {
      const list = parseMatchList(html);
      lists.push({ rows: list.rows, page: list.page ?? lists.length + 1 });
      continue;
    }
    try {
      const page = parseScorecard(html);
      if (page.competitionId !== null) scorecards.set(page.competitionId, { file, page });
    } catch (err) {
      if (!(err instanceof UnreadablePage)) throw err;
      // Other TA pages (the table, squads, averages) are not read by the sync.
    }
  }
  const inSeason = (date: string | null, season: number) =>
    date === null || date.startsWith(`${season}-`);
  return {
    origin: path.resolve(folder),
    async listMatches(season) {
      if (lists.length === 0 && scorecards.size === 0) {
        throw new SourceUnreadable(
          `Mappen ${folder} har varken matchlista eller matchsidor från Svemo TA.`,
        );
      }
      return lists
        .sort((a, b) => a.page - b.page)
        .flatMap((list) => list.rows)
        .filter((row) => inSeason(row.date, season));
    },
    async scorecard(row) {
      const found = row.competitionId === null ? undefined : scorecards.get(row.competitionId);
      if (!found) return { status: 'failed', url: null, reason: 'matchsidan finns inte i mappen' };
      return { status: 'ok', url: found.file, page: found.page, etag: null, lastModified: null };
    },
    async unlisted(listed, season) {
      return [...scorecards.values()]
        .filter(({ page }) => !listed.has(page.competitionId!) && inSeason(page.title.date, season))
        .map(({ page }) => ({
          competitionId: page.competitionId,
          date: page.title.date,
          title: page.title,
          scorecardHref: null,
        }));
    },
  };
}
