import type { StatsTeamRef } from '@speedway/contracts';
import {
  seasonStatistics,
  type Heat,
  type HeatRiders,
  type LineupRider,
  type RiderSeasonLine,
  type StatsMatch,
} from '@speedway/rules';
import type { Auth } from '../../context';
import type { Database } from '../../db/client';
import { OFFICIAL_DATA, readDataVersion } from '../../db/data-versions';
import { Lru } from '../../lib/lru';
import { versionedLoads } from '../../lib/versioned-loads';
import { storedRulebook } from '../../lib/rulebook';
import { fillRiderIdentities } from '../official/index';
import { statisticsRepository as repo, type SeasonMatchRow } from './statistics.repository';

/** What every statistics reply of one official-data version needs beside a season's figures. */
export type StatsIndex = {
  /** Seasons with official heats, newest first. */
  seasons: number[];
  /** Seasons with an official result (heats or totals only). */
  played: Set<number>;
  /** team id → seasons it has an official result in, newest first. */
  teamSeasons: Map<string, number[]>;
  teams: Map<string, StatsTeamRef>;
  /** identity id → its name and the seasons of its entries (null: a match without a season). */
  identities: Map<string, { name: string; seasons: Set<number | null> }>;
  /** squad rider id (riders.id) → his entries. */
  entriesOfRider: Map<string, { season: number | null; identityId: string }[]>;
};

/** One season's figures, computed once per version by the rules engine. */
export type SeasonData = {
  season: number;
  /** The season's matches with riders named by identity, for head-to-head. */
  matches: StatsMatch[];
  stats: ReturnType<typeof seasonStatistics>;
  lines: RiderSeasonLine[];
};

type Loaded<T> = { version: string; value: T };

const newestFirst = (a: number, b: number) => b - a;

/** Loads kept per key while their version holds, least recently used out past `max`. */
function loadsByCount<T>(max: number) {
  const get = versionedLoads(new Lru<string, Loaded<T>>(max));
  return async (key: string, version: string, read: () => Promise<Loaded<T>>): Promise<T> =>
    (await get(key, version, read)).value;
}

/** The line-ups and heats of a match with each squad rider replaced by his identity. */
function withIdentities(
  row: SeasonMatchRow,
  season: number,
  identityOf: ReadonlyMap<string, { identityId: string; name: string }>,
): StatsMatch {
  const rider = <T extends { rider_id: string; name: string }>(r: T): T => {
    const identity = identityOf.get(r.rider_id);
    return identity ? { ...r, rider_id: identity.identityId, name: identity.name } : r;
  };
  const idOf = (riderId: string) => identityOf.get(riderId)?.identityId ?? riderId;
  const lanes = (riders: HeatRiders): HeatRiders =>
    Object.fromEntries(Object.entries(riders).map(([lane, r]) => [lane, r && rider(r)]));
  const heats: Heat[] = (row.heats ?? []).map((heat) => ({
    ...heat,
    riders: lanes(heat.riders),
    results: heat.results.map((result) => ({ ...result, rider_id: idOf(result.rider_id) })),
  }));
  const side = (list: LineupRider[]) => list.map(rider);
  return {
    id: row.id,
    season,
    starts_at: row.startsAt?.toISOString() ?? null,
    rulebook: storedRulebook(row.rulebook),
    home_team_id: row.homeTeamId,
    away_team_id: row.awayTeamId,
    home_score: row.homeScore,
    away_score: row.awayScore,
    lineups: { home: side(row.lineups.home), away: side(row.lineups.away) },
    heats,
  };
}

/**
 * The statistics' read path (issue 28), per instance: what all seasons share (seasons, teams,
 * rider identities) and each season's figures are computed once per version of the official
 * data and kept; every request checks the version read with its session (no extra round trip),
 * so an import, a sync or a merge on any instance (each raises the version in its transaction)
 * is seen from the next request on. A page's request is then answered from memory.
 */
export function createStatisticsCache(db: Database, options: { maxSeasons?: number } = {}) {
  const indexes = loadsByCount<StatsIndex>(1);
  const seasons = loadsByCount<SeasonData>(options.maxSeasons ?? 24);
  let filledAll = false;

  async function loadIndex(): Promise<Loaded<StatsIndex>> {
    // Identities for data imported before they existed, once per process (see
    // fillRiderIdentities); later imports fill their own.
    if (!filledAll) {
      await fillRiderIdentities(db, 'all');
      filledAll = true;
    }
    // The version first: data read after it is at least as new, so it is never labelled older.
    const version = await readDataVersion(db, OFFICIAL_DATA);
    const [teamRows, played, entries] = await Promise.all([
      repo.teams(db),
      repo.playedSeasons(db),
      repo.entries(db),
    ]);
    const teamSeasons = new Map<string, Set<number>>();
    const withHeats = new Set<number>();
    const playedSeasons = new Set<number>();
    for (const row of played) {
      playedSeasons.add(row.season);
      if (row.withHeats) withHeats.add(row.season);
      for (const team of [row.homeTeamId, row.awayTeamId]) {
        teamSeasons.set(team, (teamSeasons.get(team) ?? new Set()).add(row.season));
      }
    }
    const identities: StatsIndex['identities'] = new Map();
    const entriesOfRider: StatsIndex['entriesOfRider'] = new Map();
    for (const entry of entries) {
      const identity = identities.get(entry.identityId) ?? { name: entry.name, seasons: new Set() };
      identities.set(entry.identityId, identity);
      if (entry.riderId === null) continue;
      identity.seasons.add(entry.season);
      const list = entriesOfRider.get(entry.riderId) ?? [];
      list.push({ season: entry.season, identityId: entry.identityId });
      entriesOfRider.set(entry.riderId, list);
    }
    return {
      version,
      value: {
        seasons: [...withHeats].sort(newestFirst),
        played: playedSeasons,
        teamSeasons: new Map(
          [...teamSeasons].map(([team, set]) => [team, [...set].sort(newestFirst)]),
        ),
        teams: new Map(teamRows.map((team) => [team.id, team])),
        identities,
        entriesOfRider,
      },
    };
  }

  async function loadSeason(season: number): Promise<Loaded<SeasonData>> {
    const version = await readDataVersion(db, OFFICIAL_DATA);
    // The season's line-ups all have identities before they are read (an older instance may
    // have imported them during an upgrade).
    await fillRiderIdentities(db, { season });
    const [rows, entries] = await Promise.all([
      repo.seasonMatches(db, season),
      repo.seasonEntries(db, season),
    ]);
    const identityOf = new Map(entries.map((e) => [e.riderId, e]));
    const matches = rows.map((row) => withIdentities(row, season, identityOf));
    const stats = seasonStatistics(matches);
    return {
      version,
      value: {
        season,
        matches,
        stats,
        lines: Object.values(stats.riders).map((rider) => rider.line),
      },
    };
  }

  const versionOf = (auth: Auth) => auth.dataVersions[OFFICIAL_DATA] ?? '0';

  return {
    index: (auth: Auth) => indexes('index', versionOf(auth), loadIndex),
    season: (auth: Auth, season: number) =>
      seasons(String(season), versionOf(auth), () => loadSeason(season)),
  };
}

export type StatisticsCache = ReturnType<typeof createStatisticsCache>;
