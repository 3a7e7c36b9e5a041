import type { OfficialMatchDetail, OfficialMatchSummary } from '@speedway/contracts';
import type { Database } from '../../db/client';
import { OFFICIAL_DATA } from '../../db/data-versions';
import { Lru } from '../../lib/lru';
import type { Auth } from '../../context';
import { toOfficialDetail, toOfficialSummary } from './official.mapper';
import {
  officialRepository,
  type OfficialSummaryRow,
  type UserOfficialRelations,
} from './official.repository';

/** The fields of an official match that are the caller's own; everything else is public. */
type PersonalFields = 'consumedByCurrentUser' | 'protocol_id' | 'user_match_id' | 'followed';

/** A user id no row has: the repository's queries then give the public part alone. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * A match's public JSON with its closing brace left off, so that the caller's own fields are
 * appended per request without serialising the whole object again.
 */
type OpenJson = string;

type Snapshot = {
  /** Which load this is, for the keys of replies built from it. */
  seq: number;
  /** The official data's version the snapshot was read at (data_versions). */
  version: string;
  /** When a match's status (upcoming → live) changes next: the snapshot is stale from then. */
  validUntil: number;
  list: Array<{ id: string; json: OpenJson }>;
  details: Map<string, Promise<OpenJson | undefined>>;
};

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

export type JsonReply = { key: string; build: () => string };

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

const pick = (relations: UserOfficialRelations, id: string): UserOfficialRelations =>
  relations[id] ? { [id]: relations[id] } : {};

/** The next start of a match without a result, after `now`: its status turns live then. */
function nextStatusChange(rows: OfficialSummaryRow[], now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const start = row.startsAt?.getTime();
    if (start !== undefined && start > now && row.resultHome === null && start < next) next = start;
  }
  return next;
}

/**
 * The read path of official matches. What every user sees alike (teams, times, results, line-ups,
 * the heat programme) is read and serialised once per instance; what is the caller's own
 * (protocol, saved protocol, follow) is kept per user and joined in. Both are checked on every
 * request against versions read with the session (no extra round trip): the import raises the
 * official data's version in its transaction, and triggers raise the user's relations_version
 * with every change of their protocols, saved protocols and follows, so every instance answers
 * from the first request after such a change commits as if it had read everything afresh.
 */
export function createOfficialReadCache(db: Database, options: { maxUsers?: number } = {}) {
  const maxUsers = options.maxUsers ?? 10_000;
  /** `${user}:${relations_version}` → that user's relations, most recently used last. */
  const relationsByUser = new Lru<string, Promise<UserOfficialRelations>>(maxUsers);
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  let loads = 0;

  async function load(): Promise<Snapshot> {
    // The version first: data read after it is at least as new, so it is never labelled older.
    const version = await officialRepository.dataVersion(db);
    const rows = await officialRepository.list(db, NOBODY);
    const now = Date.now();
    loads += 1;
    return {
      seq: loads,
      version,
      validUntil: nextStatusChange(rows, now),
      list: rows.map((row) => ({
        id: row.id,
        json: openJson(withoutPersonal(toOfficialSummary(row, new Date(now)))),
      })),
      details: new Map(),
    };
  }

  async function current(version: string): Promise<Snapshot> {
    if (snapshot && snapshot.version === version && Date.now() < snapshot.validUntil) {
      return snapshot;
    }
    // One load at a time: concurrent requests wait for the same one.
    loading ??= load().finally(() => {
      loading = null;
    });
    const loaded = await loading;
    snapshot = loaded;
    return loaded;
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

  async function detailJson(id: string): Promise<OpenJson | undefined> {
    const row = await officialRepository.find(db, NOBODY, id);
    if (!row) return undefined;
    const detail: OfficialMatchDetail = toOfficialDetail(row, new Date());
    return openJson(withoutPersonal(detail));
  }

  return {
    /**
     * GET /api/official-matches for this user: the reply's text, and a key that is the same for
     * every reply with the same text (so its compressed form can be shared).
     */
    async list(auth: Auth): Promise<JsonReply> {
      const [relations, snap] = await Promise.all([relationsOf(auth), current(versionOf(auth))]);
      return {
        key: `official-list:${snap.seq}:${relationsKey(relations)}`,
        build: () =>
          `[${snap.list.map((m) => closeWithPersonal(m.json, relations[m.id])).join(',')}]`,
      };
    },

    /** GET /api/official-matches/{id} for this user, or undefined when there is no such match. */
    async detail(auth: Auth, id: string): Promise<JsonReply | undefined> {
      const [relations, snap] = await Promise.all([relationsOf(auth), current(versionOf(auth))]);
      let json = snap.details.get(id);
      if (!json) {
        json = detailJson(id);
        snap.details.set(id, json);
        // Only matches that exist are kept (so unknown ids cannot fill the cache), and no failure.
        const forget = () => snap.details.delete(id);
        json.then((found) => found === undefined && forget(), forget);
      }
      const open = await json;
      if (open === undefined) return undefined;
      return {
        key: `official-detail:${snap.seq}:${id}:${relationsKey(pick(relations, id))}`,
        build: () => closeWithPersonal(open, relations[id]),
      };
    },
  };
}

export type OfficialReadCache = ReturnType<typeof createOfficialReadCache>;
