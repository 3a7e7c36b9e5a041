import type { LiveLink, Match } from '@speedway/contracts';
import type { Heat } from '@speedway/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSeason, importDoc, officialIds } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { shareProtocol } from './testing/shared-protocol';
import { openEvents } from './testing/sse-reader';

// Two app instances on one database, as behind a load balancer: the owner saves on A, the stand
// watches on B. What reaches B goes through PostgreSQL's NOTIFY only (ADR 012).
let a: TestApp;
let b: TestApp;
let bUrl: string;
let ids: Record<string, string>;
beforeAll(async () => {
  a = await createTestApp();
  b = await startSecondInstance(a);
  bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
  await importDoc(a, fixtureSeason());
  ids = await officialIds(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

function byLane(heat: Heat) {
  return (['1', '2', '3', '4'] as const).map((lane, i) => ({
    rider_id: heat.riders[lane]!.rider_id,
    position: i + 1,
    status: 'completed',
  }));
}

function sharedOnA(label: string): Promise<{ token: string; match: Match; link: LiveLink }> {
  return shareProtocol(a, `${label}@example.se`, ids['fx-upcoming']!);
}

async function saveOnA(token: string, match: Match, n: number) {
  const res = await api(a, token)('POST', `/api/matches/${match.id}/heat/${n}/save`, {
    results: byLane(match.heats[n - 1]!),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a live link with two instances', () => {
  it('a heat saved on A reaches a viewer on B within 2 s, heat by heat', async () => {
    const { token, match, link } = await sharedOnA('live-tva');
    const viewer = await openEvents(`${bUrl}/api/live/${link.token}/events`);
    expect((await viewer.snapshot()).completed_heats).toBe(0);
    for (const n of [1, 2, 3]) {
      const started = Date.now();
      await saveOnA(token, match, n);
      await viewer.snapshot((s) => s.completed_heats === n);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    // Revoked on A: B's stream is told and ends.
    await api(a, token)('DELETE', `/api/matches/${match.id}/live-link`);
    await viewer.next((e) => e.event === 'gone');
    await viewer.ended;
  });

  it('B listens again after its LISTEN connection is lost, and sends what changed meanwhile', async () => {
    const { token, match, link } = await sharedOnA('live-tappad');
    const viewer = await openEvents(`${bUrl}/api/live/${link.token}/events`);
    await viewer.snapshot();
    const killed = await a.db.execute(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query = 'LISTEN live_protocol'`,
    );
    expect(killed.rows.length).toBeGreaterThan(0);
    await saveOnA(token, match, 1);
    // Told after the reconnect (1 s) by reading the protocol again, though its NOTIFY was missed.
    expect((await viewer.snapshot((s) => s.completed_heats === 1, 4000)).completed_heats).toBe(1);
    await saveOnA(token, match, 2);
    await viewer.snapshot((s) => s.completed_heats === 2);
    viewer.close();
  });

  it('an instance shutting down ends its streams (the browser reconnects elsewhere), not as gone', async () => {
    const c = await startSecondInstance(a);
    const cUrl = await c.app.listen({ port: 0, host: '127.0.0.1' });
    const { link } = await sharedOnA('live-stang');
    const viewer = await openEvents(`${cUrl}/api/live/${link.token}/events`);
    await viewer.snapshot();
    await c.close();
    await viewer.ended;
    expect(viewer.events.some((e) => e.event === 'gone')).toBe(false);
  });
});
