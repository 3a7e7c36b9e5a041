import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { importDoc, kumlaVastervik, syntheticKlassisk, userWithRole } from './official-data';
import { api, getProtocol, registerHeat, riderLines, startProtocol } from './protocol-api';
import { pirHamReference } from './svemo-ta/pir-ham-reference';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe.each([
  ['the reference match Indianerna 37–53 Västervik (elitserien-2019)', kumlaVastervik],
  [
    'the hand-worked klassisk match (R/R, exclusions, tactical reserve, heat 15)',
    syntheticKlassisk,
  ],
  ['Piraterna 56–34 Hammarby (2012), read off its saved Svemo TA scorecard', pirHamReference],
])('%s, imported and replayed through the HTTP API', (label, load) => {
  const doc = load();
  const official = doc.matches[0]!;

  it('reproduces every running score, the final score, rider totals with bonus, and confirms', async () => {
    await importDoc(t, doc);
    const token = await userWithRole(t, `replay-${label.length}@example.se`, 'user');
    const call = api(t, token);
    // An old season's matches are not in the default window (today on): ask for its season.
    const season = official.season ? `?season=${official.season}` : '';
    const list = (await call('GET', `/api/official-matches${season}`)).json() as {
      id: string;
      external_id: string;
    }[];
    const officialId = list.find((m) => m.external_id === official.external_id)!.id;

    let match = await startProtocol(t, token, officialId);
    expect(match.meta.rules.rulebook).toBe(official.rulebook);
    const running: Record<string, string> = {};
    for (const heat of official.result.heats) {
      const step = await registerHeat(t, token, match, heat);
      match = step.match;
      running[String(heat.heat)] = `${step.saved.home_score}-${step.saved.away_score}`;
    }
    expect(running).toEqual(doc.expected.running_score_after_heat);

    const stored = await getProtocol(t, token, match.id);
    expect([stored.home_score, stored.away_score]).toEqual([
      official.result.home_score,
      official.result.away_score,
    ]);
    expect(stored).toMatchObject({ completed_heats: 15, status: 'completed' });
    const lines = riderLines(stored);
    for (const [name, published] of Object.entries(doc.expected.rider_lines)) {
      const full = Object.keys(lines).find((n) => n === name || n.endsWith(` ${name}`));
      expect(full && lines[full], name).toBe(published);
    }

    for (const side of ['home', 'away'] as const) {
      for (const [no, points] of Object.entries(doc.expected.rider_points?.[side] ?? {})) {
        const rider = stored.lineups[side].find((r) => r.lineup_no === Number(no))!;
        const results = stored.heats
          .flatMap((h) => h.results)
          .filter((r) => r.rider_id === rider.rider_id);
        const total = (key: 'points' | 'bonus_points') =>
          results.reduce((sum, r) => sum + r[key], 0);
        expect([total('points'), total('bonus_points')], `${side} ${no}`).toEqual([
          points,
          doc.expected.rider_bonus![side][no],
        ]);
      }
    }

    // The protocol agrees heat by heat with the official result the import stored; the official
    // heats also carry the source's code of a ride (F, X, RR…), which a protocol has no field for.
    const detail = (await call('GET', `/api/official-matches/${officialId}`)).json();
    const withoutCodes = (results: Array<{ code?: string }>) =>
      results.map(({ code, ...rest }) => (void code, rest));
    expect(
      detail.result.heats.map((h: { results: Array<{ code?: string }> }) =>
        withoutCodes(h.results),
      ),
    ).toEqual(stored.heats.map((h) => h.results));

    const confirmed = await call('PUT', `/api/matches/${match.id}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('confirmed');

    // Confirming saved it: the saved copy agrees with the official result, heat by heat.
    const [saved] = (await call('GET', '/api/user/matches')).json();
    const copy = (await call('GET', `/api/user/matches/${saved.id}`)).json();
    expect(copy).toMatchObject({
      match_id: match.id,
      status: 'validated',
      discrepancies: [],
      heat_discrepancies: [],
    });
    expect(copy.official_results.heats).toHaveLength(15);
  });
});
