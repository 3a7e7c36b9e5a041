import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  kumlaVastervik,
  syntheticKlassisk,
  userWithRole,
  postImport,
} from '../../../../test/official-data';
import { api } from '../../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { expectErrorShape } from '../../../../test/users';
import { officialMatches, teams } from '../../../db/schema/index';

// Values outside what the sport allows, which once reached PostgreSQL and answered 500 (an
// integer column ends at 2^31, a timestamptz has no year 0), and bodies beyond the route's limit.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await userWithRole(t, 'admin@example.se', 'super_admin');
});
afterAll(() => t.close());

const post = (doc: unknown) => api(t, admin)('POST', '/api/official-matches/import', doc);

/** The reference file with a second match (svemo-123) changed, and the synthetic teams too. */
function withBrokenMatch(changes: Record<string, unknown>, teamChanges: object = {}) {
  const reference = kumlaVastervik();
  const synthetic = syntheticKlassisk();
  const [hemma, borta] = synthetic.teams!;
  return {
    ...reference,
    teams: [...reference.teams!, { ...hemma!, ...teamChanges }, borta!],
    matches: [
      ...reference.matches,
      { ...synthetic.matches[0]!, external_id: 'svemo-123', ...changes },
    ],
  };
}

async function stored() {
  const n = async (table: typeof teams | typeof officialMatches) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  return { teams: await n(teams), matches: await n(officialMatches) };
}

const heats = syntheticKlassisk().matches[0]!.result.heats;
const long = (n: number) => 'x'.repeat(n);

describe('every number and text of an import is bounded', () => {
  it.each([
    [
      'a score of 2^31',
      { result: { home_score: 2 ** 31, away_score: 44 } },
      'matches[1] (svemo-123): result.home_score: ska vara 0–75',
    ],
    [
      'a negative score',
      { result: { home_score: 46, away_score: -1 } },
      'matches[1] (svemo-123): result.away_score: ska vara 0–75',
    ],
    [
      'a heat score of 2^31',
      {
        result: {
          home_score: 46,
          away_score: 44,
          heats: [{ ...heats[0]!, heat_score: [2 ** 31, 1] }],
        },
      },
      'matches[1] (svemo-123): result.heats[0].heat_score[0]: ska vara 0–5',
    ],
    [
      'a start in year 0000',
      { start: '0000-01-01T00:00:00Z' },
      'matches[1] (svemo-123): start: året ska vara 1900–2200',
    ],
    [
      'a start in year 9999',
      { start: '9999-12-31T23:59:59+00:00' },
      'matches[1] (svemo-123): start: året ska vara 1900–2200',
    ],
    [
      'a start outside its season',
      { season: 2026, start: '2126-06-02T19:00:00+02:00' },
      'matches[1] (svemo-123): start: året 2126 hör inte till säsongen 2026',
    ],
    ['a season of 2^31', { season: 2 ** 31 }, 'matches[1] (svemo-123): season: ska vara 1900–2200'],
    ['a round of 2^31', { round: 2 ** 31 }, 'matches[1] (svemo-123): round: ska vara 0–200'],
    [
      'a rider number of 2^31 in a heat',
      {
        result: {
          home_score: 46,
          away_score: 44,
          heats: [{ ...heats[0]!, riders: [{ ...heats[0]!.riders[0]!, no: 2 ** 31 }] }],
        },
      },
      'matches[1] (svemo-123): result.heats[0].riders[0].no: ska vara 1–7',
    ],
    [
      'an over-long external_id',
      { external_id: long(121) },
      `matches[1] (${long(60)}…): external_id: får vara högst 120 tecken`,
    ],
    [
      'an over-long venue',
      { venue: long(121) },
      'matches[1] (svemo-123): venue: får vara högst 120 tecken',
    ],
    [
      'an over-long referee',
      { referee: long(81) },
      'matches[1] (svemo-123): referee: får vara högst 80 tecken',
    ],
    ['an over-long tv', { tv: long(81) }, 'matches[1] (svemo-123): tv: får vara högst 80 tecken'],
    [
      'an over-long rider name',
      { lineups: { home: { '1': long(81) } } },
      'matches[1] (svemo-123): lineups.home.1: får vara högst 80 tecken',
    ],
    [
      'an over-long slug',
      { home: long(61) },
      'matches[1] (svemo-123): home: får vara högst 60 tecken',
    ],
  ])('%s: 400 naming the match and the field', async (_, changes, message) => {
    const before = await stored();
    const res = await post(withBrokenMatch(changes));
    expect(res.statusCode, res.body).toBe(400);
    expectErrorShape(res.json(), 400, 'INVALID_OFFICIAL_DATA');
    expect(res.json().message).toMatch(/^Importen avvisades, inget sparades/);
    expect(res.json().message.split('\n')).toContain(message);
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['name', { name: long(81) }, 'teams[2] (hemma): name: får vara högst 80 tecken'],
    ['city', { city: long(81) }, 'teams[2] (hemma): city: får vara högst 80 tecken'],
    ['short', { short: 'SEXTEN' }, 'teams[2] (hemma): short: får vara högst 5 tecken'],
    ['arena', { arena: long(121) }, 'teams[2] (hemma): arena: får vara högst 120 tecken'],
  ])("a team's over-long %s: 400 naming the team and the field", async (_, changes, message) => {
    const res = await post(withBrokenMatch({}, changes));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message.split('\n')).toContain(message);
  });
});

describe('the size of an import', () => {
  it('is up to 5 MB; beyond, 413 in the error shape, naming the limit', async () => {
    const payload = JSON.stringify({ ...kumlaVastervik(), about: ' '.repeat(5 * 1024 * 1024) });
    const res = await postImport(t, admin, payload);
    expect(res.statusCode).toBe(413);
    expectErrorShape(res.json(), 413, 'BODY_TOO_LARGE');
    expect(res.json().message).toBe(
      'Filen är för stor: högst 5 MB kan importeras här. Dela upp den, eller importera den med npm run import.',
    );
  });

  it("is not read at all for someone who may not import: a user's large body is 403", async () => {
    const user = await userWithRole(t, 'user@example.se', 'user');
    const res = await t.request({
      method: 'POST',
      url: '/api/official-matches/import',
      token: user,
      payload: JSON.stringify({
        format: 'speedway-official/1',
        about: ' '.repeat(11 * 1024 * 1024),
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(403);
    expectErrorShape(res.json(), 403, 'FORBIDDEN');
  });
});
