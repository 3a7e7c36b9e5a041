import type { AdSelectBody } from '@speedway/contracts';
import type { Database } from '../../db/client';
import { ADS_DATA, OFFICIAL_DATA } from '../../db/data-versions';
import type { Auth } from '../../context';
import { pickAd, swedishDay, type RandomSource } from './ad-draw';
import { adsRepository } from './ads.repository';

export type SelectableAd = Awaited<ReturnType<typeof adsRepository.selectable>>['ads'][number];
type Snapshot = Awaited<ReturnType<typeof adsRepository.selectable>>;
type Versions = Snapshot['versions'];

const isOlder = (a: Versions, b: Versions) => a.ads < b.ads || a.official < b.official;

export type AdSelectorOptions = {
  random?: RandomSource;
  now?: () => Date;
};

/**
 * The selection's read path. Every banner asks every 15–25 s, so the ads that can be drawn (and
 * the teams' slugs, to know a match's clubs) are read once per instance and kept until an ad
 * write or an official import changes them: both raise a data version in their transaction, and
 * the versions are read with every request's session (no extra round trip), so an instance
 * answers from the first request after such a change commits as if it had read everything afresh.
 * The day (Swedish time) is applied at each draw, so a cached ad starts and ends at midnight.
 */
export function createAdSelector(db: Database, options: AdSelectorOptions = {}) {
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  let loads = 0;

  /**
   * The snapshot, unless the request knows of a newer version of the ads or the teams than it was
   * read at (a request whose session was read before the snapshot may be older: that is fine).
   */
  async function current(version: Versions | undefined): Promise<Snapshot> {
    if (snapshot && version !== undefined && !isOlder(snapshot.versions, version)) return snapshot;
    // One load at a time: requests that arrive meanwhile wait for the same one. A load that
    // began before the change this request knows of is followed by one more.
    for (let attempt = 0; ; attempt++) {
      if (!loading) {
        loads += 1;
        loading = adsRepository.selectable(db).finally(() => {
          loading = null;
        });
      }
      const loaded = await loading;
      if (!snapshot || !isOlder(loaded.versions, snapshot.versions)) snapshot = loaded;
      if (version === undefined || !isOlder(loaded.versions, version) || attempt > 0) {
        return loaded;
      }
    }
  }

  const versionOf = (auth: Auth | null): Versions | undefined =>
    auth
      ? {
          ads: Number(auth.dataVersions[ADS_DATA] ?? 0),
          official: Number(auth.dataVersions[OFFICIAL_DATA] ?? 0),
        }
      : undefined;

  return {
    async select(auth: Auth | null, body: AdSelectBody): Promise<SelectableAd | undefined> {
      const snap = await current(versionOf(auth));
      const clubs = new Set<string>();
      for (const slug of [body.clubSlug, body.awayClubSlug]) if (slug) clubs.add(slug);
      for (const teamId of [body.homeTeamId, body.awayTeamId]) {
        const slug = teamId ? snap.teamSlugs.get(teamId) : undefined;
        if (slug) clubs.add(slug);
      }
      return pickAd(snap.ads, { placement: body.placement, clubs, day: swedishDay(now()) }, random);
    },
    /** How often the eligible ads were read (for tests of the cache). */
    get loads() {
      return loads;
    },
  };
}

export type AdSelector = ReturnType<typeof createAdSelector>;
