import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HeatSaveResponse, Match, OfficialMatchSummary } from '@speedway/contracts';
import type { Heat } from '@speedway/rules';
import { afterAll, describe, expect, it } from 'vitest';
import { createUserCommand } from '../src/cli/create-user';
import { createDatabase } from '../src/db/client';
import { runningEmbeddedUrl } from '../src/db/embedded';
import { listThisSeason } from './official-data';
import { startServerProcess, type ServerProcess } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'speedway-heat-crash-'));
chmodSync(dataDir, 0o755);
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.stopped;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const EMAIL = 'krasch-heat@example.se';
const PASSWORD = 'ett-bra-lösenord';
const PROTOCOLS = 12;
/** Heats 1–14 are programmed in elitserien-klassisk; 15 would need a nomination. */
const LAST_HEAT = 14;

async function call<T>(url: string, token: string, method: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Each protocol, heat and lane gets its own placing, so that every save is recognisable. */
function resultsFor(heat: Heat, protocol: number) {
  const shift = (protocol + heat.heat_number) % 4;
  return (['1', '2', '3', '4'] as const).map((lane, i) => ({
    rider_id: heat.riders[lane]!.rider_id,
    position: ((i + shift) % 4) + 1,
    status: 'completed',
  }));
}

describe('a server killed with SIGKILL in the middle of a burst of heat saves', () => {
  it('keeps every acknowledged save exactly, with consistent scores, after a restart', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: 'on' });
    // The operator's way to an account, on the running server's embedded database.
    const handle = createDatabase(runningEmbeddedUrl(dataDir)!);
    await createUserCommand({ email: EMAIL, password: PASSWORD, role: 'user' }, handle.db);
    await handle.close();
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };

    const official = await call<OfficialMatchSummary[]>(
      `${server.url}${listThisSeason()}`,
      token,
      'GET',
    );
    expect(official.body).toHaveLength(56);
    const protocols: Match[] = [];
    for (const m of official.body.slice(0, PROTOCOLS)) {
      const created = await call<Match>(`${server.url}/api/matches/from-official`, token, 'POST', {
        official_match_id: m.id,
      });
      expect(created.status).toBe(201);
      protocols.push(created.body);
    }

    // Every protocol saves its heats one after the other; the protocols run side by side.
    const acknowledged = new Map<string, HeatSaveResponse[]>();
    let acks = 0;
    const url = server.url;
    const chains = protocols.map(async (match, p) => {
      const saved: HeatSaveResponse[] = [];
      acknowledged.set(match.id, saved);
      for (const heat of match.heats.slice(0, LAST_HEAT)) {
        const res = await call<HeatSaveResponse>(
          `${url}/api/matches/${match.id}/heat/${heat.heat_number}/save`,
          token,
          'POST',
          { results: resultsFor(heat, p) },
        ).catch(() => null);
        if (!res || res.status !== 200) return;
        saved.push(res.body);
        acks += 1;
      }
    });
    const until = Date.now() + 20_000;
    while (acks < 40 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGKILL');
    await Promise.all(chains);
    await server.stopped;
    expect(acks).toBeGreaterThanOrEqual(40);
    // The kill came mid-burst: not every protocol got all its heats through.
    expect([...acknowledged.values()].some((s) => s.length < LAST_HEAT)).toBe(true);

    server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: 'on' });
    for (const [p, original] of protocols.entries()) {
      const { status, body: stored } = await call<Match>(
        `${server.url}/api/matches/${original.id}`,
        token,
        'GET',
      );
      expect(status).toBe(200);
      const saves = acknowledged.get(original.id)!;
      for (const save of saves) {
        expect(stored.heats[save.heat.heat_number - 1], `protocol ${p}`).toEqual(save.heat);
      }
      // At most the one save in flight at the kill went through unacknowledged, whole.
      const next = stored.heats[saves.length];
      if (next && next.results.length > 0) {
        expect(next.results.map((r) => [r.rider_id, r.position])).toEqual(
          resultsFor(original.heats[saves.length]!, p).map((r) => [r.rider_id, r.position]),
        );
      }
      for (const heat of stored.heats.slice(saves.length + 1)) expect(heat.results).toEqual([]);
      const points = stored.heats.flatMap((h) =>
        h.results.map((r) => ({
          r,
          team: Object.values(h.riders).find((x) => x?.rider_id === r.rider_id)!.team,
        })),
      );
      const sum = (team: string) =>
        points.filter((x) => x.team === team).reduce((s, x) => s + x.r.points, 0);
      expect([stored.home_score, stored.away_score]).toEqual([sum('home'), sum('away')]);
      expect(stored.completed_heats).toBe(stored.heats.filter((h) => h.results.length > 0).length);
    }
    // The demo season was seeded once, not again on the restart.
    const again = await call<unknown[]>(`${server.url}${listThisSeason()}`, token, 'GET');
    expect(again.body).toHaveLength(56);
  }, 180_000);
});
