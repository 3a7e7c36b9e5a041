import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '../../../db/client';
import { lockOfficialData } from '../../../db/locks';
import { normalizeRiderName } from './rider-name';
import {
  riderIdentitiesRepository as repo,
  type CandidateRow,
  type IdentityScope,
  type MissingEntry,
} from './rider-identities.repository';

/** An identity as the assignment weighs it. */
type Candidate = {
  id: string;
  /** Oldest first: created_at, then the order made in this run. */
  rank: [number, number];
  /** team id → the newest season of the identity's entries for that team (null: no season). */
  teams: Map<string, number | null>;
};

const newer = (a: number | null, b: number | null) => (a ?? -Infinity) > (b ?? -Infinity);

function noteTeam(candidate: Candidate, teamId: string, season: number | null) {
  const known = candidate.teams.get(teamId);
  if (known === undefined || newer(season, known)) candidate.teams.set(teamId, season);
}

/** normalised name → the identities it may be, from the repository's rows. */
function candidatesByName(rows: readonly CandidateRow[]): Map<string, Candidate[]> {
  const byId = new Map<string, Candidate>();
  const names = new Map<string, Set<string>>();
  for (const row of rows) {
    let candidate = byId.get(row.id);
    if (!candidate) {
      candidate = { id: row.id, rank: [row.createdAt.getTime(), 0], teams: new Map() };
      byId.set(row.id, candidate);
      names.set(row.id, new Set([row.normalizedName]));
    }
    if (row.entryName !== null) names.get(row.id)!.add(row.entryName);
    if (row.teamId !== null) noteTeam(candidate, row.teamId, row.season);
  }
  const byName = new Map<string, Candidate[]>();
  for (const [id, set] of names) {
    for (const name of set) byName.set(name, [...(byName.get(name) ?? []), byId.get(id)!]);
  }
  return byName;
}

const older = (a: Candidate, b: Candidate) =>
  a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.id.localeCompare(b.id);

/**
 * The identity a new entry takes among those of its name: one with an entry of the same team
 * (the newest season of it first), else the oldest.
 */
function choose(candidates: readonly Candidate[], teamId: string): Candidate | undefined {
  const ofTeam = candidates.filter((c) => c.teams.has(teamId));
  const pool = ofTeam.length > 0 ? ofTeam : candidates;
  return [...pool].sort((a, b) => {
    if (ofTeam.length > 0) {
      const [sa, sb] = [a.teams.get(teamId)!, b.teams.get(teamId)!];
      if (sa !== sb) return newer(sa, sb) ? -1 : 1;
    }
    return older(a, b);
  })[0];
}

/** Oldest season first (no season before any), so that a later season sees the earlier ones. */
function inOrder(a: MissingEntry, b: MissingEntry): number {
  return (
    (a.season ?? -Infinity) - (b.season ?? -Infinity) ||
    a.name.localeCompare(b.name, 'sv') ||
    a.teamId.localeCompare(b.teamId) ||
    a.riderId.localeCompare(b.riderId)
  );
}

/**
 * Gives every squad rider the line-ups of the scope's matches name an identity for the match's
 * season, where he has none (issue 28): the identity of the same normalised name (a name of its
 * own or of one of its entries); among several, one with an entry of the same team, newest
 * season first, else the oldest; without one, a new identity. Entries that exist are never
 * changed, so a super_admin's merge or split (pinned) stands through every later import. Run in
 * the transaction of the write that named the riders, under the official-data lock; returns the
 * number of entries added.
 */
export async function assignRiderIdentities(tx: Executor, scope: IdentityScope): Promise<number> {
  const missing = (await repo.missingEntries(tx, scope)).sort(inOrder);
  if (missing.length === 0) return 0;
  const keyOf = new Map(missing.map((m) => [m.riderId, normalizeRiderName(m.name)]));
  const byName = candidatesByName(await repo.candidates(tx, [...new Set(keyOf.values())]));

  const created: { id: string; name: string; normalizedName: string }[] = [];
  const entries = missing.map((entry) => {
    const key = keyOf.get(entry.riderId)!;
    let identity = choose(byName.get(key) ?? [], entry.teamId);
    if (!identity) {
      identity = { id: randomUUID(), rank: [Infinity, created.length], teams: new Map() };
      created.push({ id: identity.id, name: entry.name.trim(), normalizedName: key });
      byName.set(key, [identity]);
    }
    noteTeam(identity, entry.teamId, entry.season);
    return {
      riderId: entry.riderId,
      season: entry.season,
      identityId: identity.id,
      normalizedName: key,
    };
  });
  await repo.insertIdentities(tx, created);
  await repo.insertEntries(tx, entries);
  return entries.length;
}

/**
 * The backfill: identities for official data written before they existed (or by an older
 * instance during a rolling upgrade), for one season or all. The statistics run it before they
 * read a season and the riders' admin before it lists, so a database imported before this change
 * shows statistics on its first request, without a step at start-up that would read every
 * line-up of every start. It reads without a lock first: only when something is missing does it
 * take the import lock (an import in progress waits, or is waited for) and assign, and then
 * nothing needs to be told to other instances: each of them runs the same backfill before it
 * reads, and finds the entries made.
 */
export async function fillRiderIdentities(
  db: Database,
  scope: { season: number } | 'all',
): Promise<number> {
  if ((await repo.missingEntries(db, scope)).length === 0) return 0;
  return db.transaction(async (tx) => {
    await lockOfficialData(tx, 'exclusive');
    return assignRiderIdentities(tx, scope);
  });
}
