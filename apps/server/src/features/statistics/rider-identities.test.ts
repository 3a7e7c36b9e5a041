import type { OfficialDataDocument, RiderIdentity, RiderStats } from '@speedway/contracts';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDoc, userWithRole } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { riders, teams } from '../../db/schema/index';

// Riders as entities (issue 28): one identity per person across squads and seasons, filled by
// every import, and a super_admin's merges and splits, which later imports keep.

let t: TestApp;
const tokens = { user: '', club: '', admin: '' };
beforeAll(async () => {
  t = await createTestApp();
  tokens.user = await userWithRole(t, 'forare-user@example.se', 'user');
  tokens.club = await userWithRole(t, 'forare-klubb@example.se', 'club_admin');
  tokens.admin = await userWithRole(t, 'forare-admin@example.se', 'super_admin');
});
afterAll(() => t.close());

const TEAMS = [
  { slug: 'alfa', name: 'Alfa', short: 'ALF' },
  { slug: 'beta', name: 'Beta', short: 'BET' },
  { slug: 'gamma', name: 'Gamma', short: 'GAM' },
];

/** One match of `season` with a line-up (1 → name) per side: no result, line-ups are enough. */
function match(
  id: string,
  season: number,
  home: [string, string],
  away: [string, string],
): OfficialDataDocument {
  return {
    format: 'speedway-official/1',
    teams: TEAMS,
    matches: [
      {
        external_id: id,
        season,
        start: `${season}-06-01T17:00:00Z`,
        home: home[0],
        away: away[0],
        lineups: { home: { '1': home[1], '2': `${home[0]} Två` }, away: { '1': away[1] } },
      },
    ],
  };
}

async function squadRider(slug: string, name: string): Promise<string> {
  const [row] = await t.db
    .select({ id: riders.id })
    .from(riders)
    .innerJoin(teams, eq(teams.id, riders.teamId))
    .where(sql`${teams.slug} = ${slug} AND ${riders.name} = ${name}`);
  return row!.id;
}

const admin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  api(t, tokens.admin)(method, url, body);

async function search(q: string): Promise<RiderIdentity[]> {
  const res = await admin('GET', `/api/admin/riders?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RiderIdentity[];
}

/** The identity ids of the entries, as "team season" → identity id. */
const entryMap = (list: RiderIdentity[]) =>
  Object.fromEntries(
    list.flatMap((identity) =>
      identity.entries.map((e) => [`${e.team.short} ${e.season}`, identity.id]),
    ),
  );

describe('rider identities', () => {
  it('makes the same name in two seasons and two teams one identity', async () => {
    await importDoc(t, match('i-2011', 2011, ['alfa', 'Anton Rosén'], ['gamma', 'Kalle Ek']));
    // Another team, another season, written another way.
    await importDoc(t, match('i-2012', 2012, ['beta', '  anton  ROSEN'], ['gamma', 'Olle Ek']));
    const found = await search('rosen');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ name: 'Anton Rosén' });
    expect(found[0]!.entries.map((e) => [e.team.name, e.season, e.name, e.heats])).toEqual([
      ['Beta', 2012, 'anton  ROSEN', 0],
      ['Alfa', 2011, 'Anton Rosén', 0],
    ]);
    // The search ignores case, spacing and diacritics, and matches the entries' names too.
    expect(await search('ANTON   rosén')).toEqual(found);
    expect((await search('Ek')).map((i) => i.name)).toEqual(['Kalle Ek', 'Olle Ek']);

    // A squad rider's id names his identity on the statistics routes.
    const squadId = await squadRider('beta', 'anton  ROSEN');
    const res = await api(t, tokens.user)('GET', `/api/stats/riders/${squadId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as RiderStats).rider).toEqual({ id: found[0]!.id, name: 'Anton Rosén' });
  });

  it('splits an entry off, keeps it split through a re-import, and follows the team', async () => {
    const [rosen] = await search('rosen');
    const entryId = await squadRider('beta', 'anton  ROSEN');
    const res = await admin('POST', `/api/admin/riders/${rosen!.id}/split`, {
      entry_id: entryId,
      season: 2012,
    });
    expect(res.statusCode, res.body).toBe(200);
    const split = res.json() as RiderIdentity;
    expect(split).toMatchObject({
      name: 'anton  ROSEN',
      entries: [{ entry_id: entryId, season: 2012, team: { name: 'Beta' } }],
    });
    expect(split.id).not.toBe(rosen!.id);
    expect(entryMap(await search('rosen'))).toEqual({
      'ALF 2011': rosen!.id,
      'BET 2012': split.id,
    });

    // The same file again changes nothing.
    await importDoc(t, match('i-2012', 2012, ['beta', '  anton  ROSEN'], ['gamma', 'Olle Ek']));
    expect(entryMap(await search('rosen'))).toEqual({
      'ALF 2011': rosen!.id,
      'BET 2012': split.id,
    });

    // A new season: each team's rider goes to the identity with an entry of that team.
    await importDoc(t, match('i-2013a', 2013, ['beta', 'Anton Rosén'], ['gamma', 'Kalle Ek']));
    await importDoc(t, match('i-2013b', 2013, ['alfa', 'Anton Rosén'], ['beta', 'Olle Ek']));
    expect(entryMap(await search('rosen'))).toEqual({
      'ALF 2011': rosen!.id,
      'ALF 2013': rosen!.id,
      'BET 2012': split.id,
      'BET 2013': split.id,
    });
    // Another team's rider of the name: the oldest identity.
    await importDoc(t, match('i-2014', 2014, ['gamma', 'Anton Rosen'], ['alfa', 'Kalle Ek']));
    expect(entryMap(await search('rosen'))['GAM 2014']).toBe(rosen!.id);
  });

  it('merges one identity into another: every entry moves, pinned, and the first is gone', async () => {
    const before = await search('rosen');
    const [kept, merged] = [before[0]!, before[1]!];
    const res = await admin('POST', `/api/admin/riders/${merged.id}/merge`, { into: kept.id });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as RiderIdentity;
    expect(reply.id).toBe(kept.id);
    expect(reply.name).toBe(kept.name);
    expect(reply.entries).toHaveLength(kept.entries.length + merged.entries.length);
    expect(await search('rosen')).toEqual([reply]);
    const gone = await api(t, tokens.user)('GET', `/api/stats/riders/${merged.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Föraren finns inte.' });
    const rows = await t.db.execute<{ rider_id: string; season: number; pinned: boolean }>(
      sql`SELECT rider_id, season, pinned FROM rider_identity_entries WHERE identity_id = ${kept.id}`,
    );
    const moved = rows.rows.filter((row) =>
      merged.entries.some((e) => e.entry_id === row.rider_id && e.season === row.season),
    );
    expect(moved).toHaveLength(merged.entries.length);
    expect(moved.every((row) => row.pinned)).toBe(true);

    // A merge of two names: a later entry under the merged one's name finds the kept identity.
    await importDoc(t, match('i-2015', 2015, ['beta', 'Tony Rosén'], ['alfa', 'Kalle Ek']));
    const [tony] = await search('tony');
    expect(tony!.id).not.toBe(kept.id);
    const named = await admin('POST', `/api/admin/riders/${tony!.id}/merge`, { into: kept.id });
    expect(named.statusCode, named.body).toBe(200);
    await importDoc(t, match('i-2016', 2016, ['gamma', 'Tony  Rosen'], ['alfa', 'Kalle Ek']));
    const [all] = await search('tony');
    expect(all!.id).toBe(kept.id);
    expect(entryMap([all!])).toMatchObject({ 'BET 2015': kept.id, 'GAM 2016': kept.id });
  });

  it('refuses a merge into itself, of unknown ids or of two riders of one match, unknown entries, and the only entry', async () => {
    const [rosen] = await search('rosen');
    const [kalle] = await search('kalle ek');
    const self = await admin('POST', `/api/admin/riders/${rosen!.id}/merge`, { into: rosen!.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const unknown = await admin('POST', `/api/admin/riders/${randomUUID()}/merge`, {
      into: rosen!.id,
    });
    expect(unknown.statusCode).toBe(404);
    const unknownInto = await admin('POST', `/api/admin/riders/${rosen!.id}/merge`, {
      into: randomUUID(),
    });
    expect(unknownInto.statusCode).toBe(404);
    // Kalle Ek met Tony Rosén (merged into Rosen) in 2015 and 2016: two people.
    const together = await admin('POST', `/api/admin/riders/${kalle!.id}/merge`, {
      into: rosen!.id,
    });
    expect(together.statusCode, together.body).toBe(409);
    expect(together.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Förarna står i samma match och kan inte vara samma person.',
    });

    // An entry of another identity, or a season it does not have.
    const kalleEntry = kalle!.entries[0]!;
    const notHis = await admin('POST', `/api/admin/riders/${rosen!.id}/split`, {
      entry_id: kalleEntry.entry_id,
      season: kalleEntry.season,
    });
    expect(notHis.statusCode).toBe(404);
    const otherSeason = await admin('POST', `/api/admin/riders/${rosen!.id}/split`, {
      entry_id: rosen!.entries[0]!.entry_id,
      season: 1999,
    });
    expect(otherSeason.statusCode).toBe(404);

    const [olle] = await search('olle ek');
    const only = olle!.entries.find((e) => e.season === 2012)!;
    const lone = await admin('POST', `/api/admin/riders/${olle!.id}/split`, {
      entry_id: only.entry_id,
      season: 2012,
    });
    // Olle Ek rode for gamma in 2012 and for beta in 2013: not his only entry.
    expect(lone.statusCode, lone.body).toBe(200);
    const [alone] = (await search('olle ek')).filter((i) => i.entries.length === 1);
    const refused = await admin('POST', `/api/admin/riders/${alone!.id}/split`, {
      entry_id: alone!.entries[0]!.entry_id,
      season: alone!.entries[0]!.season,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('lets only a super_admin list, merge and split', async () => {
    const [rosen] = await search('rosen');
    for (const token of [tokens.user, tokens.club]) {
      const call = api(t, token);
      expect((await call('GET', '/api/admin/riders')).statusCode).toBe(403);
      expect(
        (await call('POST', `/api/admin/riders/${randomUUID()}/merge`, { into: rosen!.id }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call('POST', `/api/admin/riders/${rosen!.id}/split`, {
            entry_id: rosen!.entries[0]!.entry_id,
            season: 2011,
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await api(t, undefined)('GET', '/api/admin/riders')).statusCode).toBe(401);
  });
});
