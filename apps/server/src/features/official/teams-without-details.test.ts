import {
  FollowListSchema,
  MatchListSchema,
  MatchSchema,
  OfficialMatchDetailSchema,
  OfficialMatchListSchema,
  TeamListSchema,
} from '@speedway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSeason, importDoc, officialIds, userWithRole } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { stockholmDate } from '../../lib/stockholm-date';

// Real sources often lack a team's city, short name and arena (speedway-official/1 allows them
// missing or null). Every reply that shows a team must then still match its schema, with null
// where the value is unknown: the client applies the spec's fallbacks (the short name from the
// team name, the venue "Arena ej angiven"), and the server never spells out "null".

let t: TestApp;
let ids: Record<string, string>;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
  const season = fixtureSeason();
  await importDoc(t, {
    ...season,
    teams: [
      { slug: 'hemma', name: 'Hemmalaget' },
      { slug: 'borta', name: 'Bortalaget', city: null, short: null, arena: null },
    ],
  });
  ids = await officialIds(t);
  user = await userWithRole(t, 'foljare@example.se', 'user');
});
afterAll(() => t.close());

/** Every text in a reply. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(texts);
}

/** The reply, checked against its schema and for text that says "null" or "undefined". */
async function reply<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  schema: { parse: (v: unknown) => T },
  body?: unknown,
): Promise<T> {
  const res = await api(t, user)(method, url, body);
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(300);
  const json: unknown = res.json();
  expect(texts(json).filter((text) => /\b(null|undefined)\b/.test(text))).toEqual([]);
  return schema.parse(json);
}

describe('teams without city, short name or arena', () => {
  it('are listed in GET /api/teams with null for what is not known', async () => {
    const list = await reply('GET', '/api/teams', TeamListSchema);
    expect(list.map(({ slug, city, short, arena }) => ({ slug, city, short, arena }))).toEqual(
      expect.arrayContaining([
        { slug: 'hemma', city: null, short: null, arena: null },
        { slug: 'borta', city: null, short: null, arena: null },
      ]),
    );
  });

  it("show in official matches with null short names; a match's venue is its own", async () => {
    // From the live match's own day: it started an hour ago, which between 00:00 and 01:00 in
    // Stockholm is yesterday, and the list starts at today by default.
    const from = stockholmDate(new Date(Date.now() - 2 * 3_600_000));
    const list = await reply('GET', `/api/official-matches?from=${from}`, OfficialMatchListSchema);
    const byId = Object.fromEntries(list.map((m) => [m.external_id, m]));
    expect(byId['fx-upcoming']).toMatchObject({
      home_team: 'Hemmalaget',
      home_short: null,
      away_short: null,
      venue: 'Hemmabanan',
    });
    expect(byId['fx-live']).toMatchObject({ venue: null, home_short: null });

    const detail = await reply(
      'GET',
      `/api/official-matches/${ids['fx-played']}`,
      OfficialMatchDetailSchema,
    );
    expect(detail).toMatchObject({ home_short: null, away_short: null });
    expect(detail.result?.heats).toHaveLength(15);
  });

  it('show in follows and in a protocol started from the match', async () => {
    await api(t, user)('PUT', `/api/official-matches/${ids['fx-upcoming']}/follow`);
    const follows = await reply('GET', '/api/follows', FollowListSchema);
    expect(follows[0]).toMatchObject({ external_id: 'fx-upcoming', home_short: null });

    const protocol = await reply('POST', '/api/matches/from-official', MatchSchema, {
      official_match_id: ids['fx-upcoming'],
    });
    expect(protocol).toMatchObject({
      home_team: 'Hemmalaget',
      home_team_short: null,
      away_team_short: null,
      venue: 'Hemmabanan',
    });
    const mine = await reply('GET', '/api/matches', MatchListSchema);
    expect(mine[0]).toMatchObject({ home_team_short: null });
  });
});
