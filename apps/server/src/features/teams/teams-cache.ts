import type { Auth } from '../../context';
import type { Database } from '../../db/client';
import { OFFICIAL_DATA, readDataVersion } from '../../db/data-versions';
import type { JsonReply } from '../../lib/json-text';
import { Lru } from '../../lib/lru';
import { versionedLoads, type Versioned } from '../../lib/versioned-loads';
import { teamsInTableOrder } from './teams.service';

type Loaded = Versioned & { seq: number; json: string };

/**
 * GET /api/teams per instance: the table and the squads are the same for every user and change
 * only with the official data (teams, riders and results are written by the import alone, which
 * raises its version), so they are read, ranked and serialised once per version and answered
 * from memory; the version read with the session says when to read again (ADR 006). On a round
 * night every browser opens the table after each heat: a few thousand requests a heat, one read.
 */
export function createTeamsCache(db: Database) {
  const get = versionedLoads(new Lru<string, Loaded>(1));
  let loads = 0;

  async function load(): Promise<Loaded> {
    // The version first: data read after it is at least as new, so it is never labelled older.
    const version = await readDataVersion(db, OFFICIAL_DATA);
    const json = JSON.stringify(await teamsInTableOrder(db));
    return { version, seq: (loads += 1), json };
  }

  return async function teams(auth: Auth): Promise<JsonReply> {
    const loaded = await get('teams', auth.dataVersions[OFFICIAL_DATA] ?? '0', load);
    return { key: `teams:${loaded.seq}`, build: () => loaded.json };
  };
}

export type TeamsCache = ReturnType<typeof createTeamsCache>;
