import type { RiderIdentity } from '@speedway/contracts';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { bumpDataVersion, OFFICIAL_DATA } from '../../db/data-versions';
import { lockOfficialData } from '../../db/locks';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { fillRiderIdentities, normalizeRiderName } from '../official/index';
import { riderIdentitiesRepository as repo, type IdentityRow } from './rider-identities.repository';
import { RIDER_NOT_FOUND } from './statistics.service';

/** GET /api/admin/riders answers at most this many identities. */
export const IDENTITY_LIST_LIMIT = 50;

const bySeason = (a: { season: number | null }, b: { season: number | null }) =>
  (b.season ?? -Infinity) - (a.season ?? -Infinity);

/** Identities with their entries (newest season first) and each entry's rides. */
async function described(db: Executor, identities: IdentityRow[]): Promise<RiderIdentity[]> {
  const entries = await repo.entriesOf(
    db,
    identities.map((i) => i.id),
  );
  const rides = await repo.rides(
    db,
    [...new Set(entries.map((e) => e.riderId))],
    [...new Set(entries.map((e) => e.team.id))],
  );
  const ridesOf = (riderId: string, season: number | null) =>
    rides.find((r) => r.riderId === riderId && r.season === season)?.rides ?? 0;
  return identities.map((identity) => ({
    id: identity.id,
    name: identity.name,
    entries: entries
      .filter((entry) => entry.identityId === identity.id)
      .sort((a, b) => bySeason(a, b) || a.name.localeCompare(b.name, 'sv'))
      .map((entry) => ({
        entry_id: entry.riderId,
        name: entry.name,
        team: entry.team,
        season: entry.season,
        heats: ridesOf(entry.riderId, entry.season),
      })),
  }));
}

/** GET /api/admin/riders: identities by name (the search matches any of their entries' names). */
export async function listRiderIdentities(
  ctx: AppContext,
  q: string | undefined,
): Promise<RiderIdentity[]> {
  // The admin sees every rider the stored line-ups name, also those imported before identities.
  await fillRiderIdentities(ctx.db, 'all');
  const found = await repo.search(ctx.db, normalizeRiderName(q ?? ''), IDENTITY_LIST_LIMIT);
  const list = await described(ctx.db, found);
  return list.sort((a, b) => a.name.localeCompare(b.name, 'sv') || a.id.localeCompare(b.id));
}

/**
 * The admin's changes run under the import lock, so that no import assigns entries between the
 * reads and the writes, and raise the official data's version, so that every instance's
 * statistics are read again.
 */
async function changeIdentities<T>(ctx: AppContext, change: (tx: Executor) => Promise<T>) {
  return ctx.db.transaction(async (tx) => {
    await lockOfficialData(tx, 'exclusive');
    const result = await change(tx);
    await bumpDataVersion(tx, OFFICIAL_DATA);
    return result;
  });
}

/**
 * POST /api/admin/riders/{id}/merge: `id` is one person with `into`; `into` is kept. 409 when
 * both stand in one match's line-ups.
 */
export async function mergeRiders(
  ctx: AppContext,
  id: string,
  into: string,
): Promise<RiderIdentity> {
  if (id === into) throw badRequest('En förare kan inte slås ihop med sig själv.');
  return changeIdentities(ctx, async (tx) => {
    const merged = await repo.find(tx, id);
    const kept = await repo.find(tx, into);
    if (!merged || !kept) throw notFound(RIDER_NOT_FOUND);
    if (await repo.rodeTogether(tx, merged.id, kept.id)) {
      throw conflict('Förarna står i samma match och kan inte vara samma person.');
    }
    await repo.moveAll(tx, merged.id, kept.id);
    await repo.remove(tx, merged.id);
    return (await described(tx, [kept]))[0]!;
  });
}

/**
 * POST /api/admin/riders/{id}/split: the entry (squad rider and season) becomes an identity of
 * its own, named as the squad rider. 404 when the identity does not have that entry (as any
 * missing object); 409 when it is the identity's only entry: there is nothing to split from.
 */
export async function splitRider(
  ctx: AppContext,
  id: string,
  entryId: string,
  season: number | null,
): Promise<RiderIdentity> {
  return changeIdentities(ctx, async (tx) => {
    if (!(await repo.find(tx, id))) throw notFound(RIDER_NOT_FOUND);
    const entry = await repo.entry(tx, id, entryId, season);
    if (!entry) throw notFound('Föraren har ingen sådan post.');
    if ((await repo.countEntries(tx, id)) === 1) {
      throw conflict('Posten är förarens enda: det finns inget att dela.');
    }
    const created = await repo.create(tx, entry.name.trim(), normalizeRiderName(entry.name));
    await repo.moveOne(tx, entry.id, created.id);
    return (await described(tx, [created]))[0]!;
  });
}
