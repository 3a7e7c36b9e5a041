import { randomUUID } from 'node:crypto';
import { ScoresheetSchema, type Match } from '@speedway/contracts';
import { riderLines as engineRiderLines } from '@speedway/rules';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixtureSeason,
  importDoc,
  officialIds,
  syntheticKlassisk,
  userWithRole,
} from '../../../test/official-data';
import { api, completeProtocol, getProtocol } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';

let t: TestApp;
let ids: Record<string, string>;
let owner: string;
let intruder: string;
let match: Match;
beforeAll(async () => {
  t = await createTestApp();
  await importDoc(t, fixtureSeason());
  ids = await officialIds(t);
  owner = await userWithRole(t, 'agare@example.se', 'user');
  intruder = await userWithRole(t, 'inkraktare@example.se', 'user');
  const heats = syntheticKlassisk().matches[0]!.result.heats;
  // fx-upcoming has the referee; its line-ups are those the synthetic heats were ridden with.
  const done = await completeProtocol(t, owner, ids['fx-upcoming']!, heats);
  match = await getProtocol(t, owner, done.id);
});
afterAll(() => t.close());

async function pdfText(body: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}

describe('owner only', () => {
  it('answers 404 for someone else’s protocol and 401 without a session, on every format', async () => {
    for (const format of ['scoresheet.pdf', 'export.csv', 'export.json']) {
      const url = `/api/matches/${match.id}/${format}`;
      const other = await api(t, intruder)('GET', url);
      expectErrorShape(other.json(), 404, 'NOT_FOUND');
      expectErrorShape((await api(t, undefined)('GET', url)).json(), 401);
      const missing = await api(t, owner)('GET', `/api/matches/${randomUUID()}/${format}`);
      expect(missing.statusCode).toBe(404);
    }
  });
});

describe('GET /api/matches/:id/scoresheet.pdf', () => {
  it('is an A4 PDF whose text has the riders, their totals and the score of the protocol', async () => {
    const res = await api(t, owner)('GET', `/api/matches/${match.id}/scoresheet.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="matchprotokoll-[a-z0-9-]+\.pdf"; filename\*=UTF-8''Matchprotokoll%20/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(res.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Sida 1 av ${pages}`);
    expect(text).toContain(`${match.home_team} – ${match.away_team}`);
    expect(text).toContain(`${match.home_score}–${match.away_score}`);
    expect(text).toContain('Greta Startgrind');
    for (const line of engineRiderLines({ lineups: match.lineups, heats: match.heats })) {
      expect(text).toContain(line.name);
      expect(text).toContain(line.scorecard);
    }
  });
});

describe('GET /api/matches/:id/export.csv', () => {
  it('is UTF-8 with BOM, semicolons and CRLF: a row per rider and heat, then the totals', async () => {
    const res = await api(t, owner)('GET', `/api/matches/${match.id}/export.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="matchprotokoll-.+\.csv"/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(`Matchprotokoll;${match.home_team} – ${match.away_team}`);
    expect(lines).toContain(`Resultat;${match.home_score};${match.away_score}`);
    const heatRows = lines.filter((line) => /^\d{1,2};[1-4];/.test(line));
    expect(heatRows).toHaveLength(60);
    for (const line of engineRiderLines({ lineups: match.lineups, heats: match.heats })) {
      expect(lines.some((row) => row.includes(`;${line.name};${line.points};`))).toBe(true);
    }
  });
});

describe('GET /api/matches/:id/export.json', () => {
  it('is the scoresheet: 15 heats, the score and the rider totals', async () => {
    const res = await api(t, owner)('GET', `/api/matches/${match.id}/export.json`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="matchprotokoll-.+\.json"/);
    const sheet = ScoresheetSchema.parse(res.json());
    expect(sheet.score).toEqual({ home_score: match.home_score, away_score: match.away_score });
    expect(sheet.heats).toHaveLength(15);
    expect(sheet.details.referee).toBe('Greta Startgrind');
    expect(sheet.heats[14]!.running_score).toEqual({
      home: match.home_score,
      away: match.away_score,
    });
  });
});

describe('GET /api/official-matches/:id/blank-scoresheet.pdf', () => {
  it('gives any signed-in user the line-ups with empty results', async () => {
    const res = await api(t, intruder)(
      'GET',
      `/api/official-matches/${ids['fx-upcoming']}/blank-scoresheet.pdf`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="tomt-matchprotokoll-.+\.pdf"/);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('MATCHPROTOKOLL – TOMT');
    expect(text).toContain('Greta Startgrind');
    for (const rider of [...match.lineups.home, ...match.lineups.away]) {
      expect(text).toContain(rider.name);
    }
    expect(text).not.toMatch(/\(\d/);
  });

  it('answers 409 before the line-ups are published and 404 for no match', async () => {
    const call = api(t, owner);
    const early = await call(
      'GET',
      `/api/official-matches/${ids['fx-no-lineups']}/blank-scoresheet.pdf`,
    );
    expectErrorShape(early.json(), 409, 'LINEUPS_MISSING');
    const none = await call('GET', `/api/official-matches/${randomUUID()}/blank-scoresheet.pdf`);
    expectErrorShape(none.json(), 404);
  });
});
