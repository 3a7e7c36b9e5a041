import type { OfficialMatchSummary } from '@speedway/contracts';
import type { Database } from '../../db/client';
import { OFFICIAL_DATA, readDataVersion } from '../../db/data-versions';
import type { JsonReply } from '../../lib/json-text';
import { Lru } from '../../lib/lru';
import { versionedLoads } from '../../lib/versioned-loads';
import type { Auth } from '../../context';
import { toOfficialDetail, toOfficialSummary } from './official.mapper';
import {
  officialRepository,
  type OfficialSummaryRow,
  type UserOfficialRelations,
} from './official.repository';
import { windowKey, type OfficialWindow } from './official-window';

/** The fields of an official match that are the caller's own; everything else is public. */
type PersonalFields = 'consumedByCurrentUser' | 'protocol_id' | 'user_match_id' | 'followed';

/** A user id no row has: the repository's queries then give the public part alone. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * A match's public JSON with its closing brace left off, so that the caller's own fields are
 * appended per request without serialising the whole object again.
 */
type OpenJson = string;

/** What a load read, labelled for the checks of every request after it. */
type Loaded<T> = {
  /** Which load this is, for the keys of replies built from it. */
  seq: number;
  /** The official data's version it was read at (data_versions). */
  version: string;
  /** When a match's status (upcoming → live) changes next: the load is stale from then. */
  validUntil: number;
  value: T;
  /** Its size in memory, roughly: what the cache's bound counts. */
  bytes: number;
};

/** The matches of one window, soonest first. */
type WindowList = { list: Array<{ id: string; json: OpenJson }>; ids: Set<string> };

function openJson(value: object): OpenJson {
  return JSON.stringify(value).slice(0, -1);
}

function withoutPersonal<T extends OfficialMatchSummary>(value: T): Omit<T, PersonalFields> {
  const { consumedByCurrentUser, protocol_id, user_match_id, followed, ...rest } = value;
  void [consumedByCurrentUser, protocol_id, user_match_id, followed];
  return rest;
}

function closeWithPersonal(json: OpenJson, relation: UserOfficialRelations[string] | undefined) {
  const protocolId = relation?.protocolId ?? null;
  return (
    `${json},"consumedByCurrentUser":${protocolId !== null}` +
    `,"protocol_id":${JSON.stringify(protocolId)}` +
    `,"user_match_id":${JSON.stringify(relation?.userMatchId ?? null)}` +
    `,"followed":${relation?.followed === true}}`
  );
}

/** The caller's own part as a short key: users with the same relations share a reply. */
function relationsKey(relations: UserOfficialRelations): string {
  return Object.keys(relations)
    .sort()
    .map((id) => {
      const r = relations[id]!;
      return `${id}/${r.protocolId ?? ''}/${r.userMatchId ?? ''}/${r.followed ? 1 : 0}`;
    })
    .join(';');
}

/** The caller's relations to the matches among `ids` only: what their reply shows. */
function within(relations: UserOfficialRelations, ids: ReadonlySet<string>): UserOfficialRelations {
  const picked: UserOfficialRelations = {};
  for (const id of Object.keys(relations)) if (ids.has(id)) picked[id] = relations[id]!;
  return picked;
}

/** The next start of a match without a result, after `now`: its status turns live then. */
function nextStatusChange(rows: OfficialSummaryRow[], now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const start = row.startsAt?.getTime();
    if (start !== undefined && start > now && row.resultHome === null && start < next) next = start;
  }
  return next;
}

/** An estimate of a loaded value's memory: its text, and some for the objects around it. */
const ENTRY_OVERHEAD = 200;

/** Loads kept up to `maxBytes` of their size, each labelled with a number for its replies' keys. */
function loadsBySize<T>(maxBytes: number, nextSeq: () => number) {
  const get = versionedLoads(new Lru<string, Loaded<T>>(maxBytes, (entry) => entry.bytes));
  return (key: string, version: string, read: () => Promise<Omit<Loaded<T>, 'seq'> | undefined>) =>
    get(key, version, async () => {
      const loaded = await read();
      return loaded && { ...loaded, seq: nextSeq() };
    });
}

/**
 * The read path of official matches. What every user sees alike (teams, times, results, line-ups,
 * the heat programme) is read and serialised once per instance, per window of the list
 * (official-window.ts) and per match; what is the caller's own (protocol, saved protocol, follow)
 * is kept per user and joined in. Both are checked on every request against versions read with
 * the session (no extra round trip): the import raises the official data's version in its
 * transaction, and triggers raise the user's relations_version with every change of their
 * protocols, saved protocols and follows, so every instance answers from the first request after
 * such a change commits as if it had read everything afresh. Windows and matches are kept up to a
 * size each (`maxListBytes`, `maxDetailBytes`), the least recently asked for going first.
 */
export function createOfficialReadCache(
  db: Database,
  options: { maxUsers?: number; maxListBytes?: number; maxDetailBytes?: number } = {},
) {
  const maxUsers = options.maxUsers ?? 10_000;
  /** `${user}:${relations_version}` → that user's relations, most recently used last. */
  const relationsByUser = new Lru<string, Promise<UserOfficialRelations>>(maxUsers);
  let loads = 0;
  const nextSeq = () => (loads += 1);
  const windows = loadsBySize<WindowList>(options.maxListBytes ?? 32 * 1024 * 1024, nextSeq);
  const details = loadsBySize<OpenJson>(options.maxDetailBytes ?? 16 * 1024 * 1024, nextSeq);

  async function loadWindow(window: OfficialWindow) {
    // The version first: data read after it is at least as new, so it is never labelled older.
    const version = await readDataVersion(db, OFFICIAL_DATA);
    const rows = await officialRepository.list(db, NOBODY, { window });
    const now = Date.now();
    const list = rows.map((row) => ({
      id: row.id,
      json: openJson(withoutPersonal(toOfficialSummary(row, new Date(now)))),
    }));
    return {
      version,
      validUntil: nextStatusChange(rows, now),
      value: { list, ids: new Set(list.map((m) => m.id)) },
      bytes: list.reduce((sum, m) => sum + m.json.length + ENTRY_OVERHEAD, ENTRY_OVERHEAD),
    };
  }

  async function loadDetail(id: string) {
    const version = await readDataVersion(db, OFFICIAL_DATA);
    const row = await officialRepository.find(db, NOBODY, id);
    // Only matches that exist are kept, so unknown ids cannot fill the cache.
    if (!row) return undefined;
    const now = Date.now();
    const json = openJson(withoutPersonal(toOfficialDetail(row, new Date(now))));
    return {
      version,
      validUntil: nextStatusChange([row], now),
      value: json,
      bytes: json.length + ENTRY_OVERHEAD,
    };
  }

  /** The user's relations at the version read with their session (the users row). */
  function relationsOf({ user }: Auth): Promise<UserOfficialRelations> {
    const key = `${user.id}:${user.relationsVersion}`;
    let relations = relationsByUser.get(key);
    if (!relations) {
      // Read after the version: if it moves meanwhile, the next request reads again.
      relations = officialRepository.relationsOfUser(db, user.id);
      relations.catch(() => relationsByUser.delete(key));
      relationsByUser.set(key, relations);
    }
    return relations;
  }

  const versionOf = (auth: Auth) => auth.dataVersions[OFFICIAL_DATA] ?? '0';

  return {
    /**
     * GET /api/official-matches for this user and window: the reply's text, and a key that is the
     * same for every reply with the same text (so its compressed form can be shared).
     */
    async list(auth: Auth, window: OfficialWindow): Promise<JsonReply> {
      const key = windowKey(window);
      const [relations, loaded] = await Promise.all([
        relationsOf(auth),
        windows(key, versionOf(auth), () => loadWindow(window)),
      ]);
      // A window always loads (an empty one is an empty list).
      const { seq, value } = loaded!;
      const own = within(relations, value.ids);
      return {
        key: `official-list:${seq}:${relationsKey(own)}`,
        build: () => `[${value.list.map((m) => closeWithPersonal(m.json, own[m.id])).join(',')}]`,
      };
    },

    /** GET /api/official-matches/{id} for this user, or undefined when there is no such match. */
    async detail(auth: Auth, id: string): Promise<JsonReply | undefined> {
      const [relations, loaded] = await Promise.all([
        relationsOf(auth),
        details(id, versionOf(auth), () => loadDetail(id)),
      ]);
      if (loaded === undefined) return undefined;
      const own = within(relations, new Set([id]));
      return {
        key: `official-detail:${loaded.seq}:${id}:${relationsKey(own)}`,
        build: () => closeWithPersonal(loaded.value, relations[id]),
      };
    },
  };
}

export type OfficialReadCache = ReturnType<typeof createOfficialReadCache>;
