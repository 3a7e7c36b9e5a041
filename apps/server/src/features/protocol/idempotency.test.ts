import type { Match } from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyStore } from '../../lib/idempotency-store';
import {
  fixtureSeason,
  importDoc,
  officialIds,
  syntheticKlassisk,
  userWithRole,
} from '../../../test/official-data';
import { completeProtocol, registerHeat, startProtocol } from '../../../test/protocol-api';
import {
  heat15Nomination,
  revision,
  saveHeat,
  send,
  storedKeys,
} from '../../../test/replayed-writes';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';

// Idempotency-Key on the writes the offline outbox replays (ADR 009, ADR 010), on the real
// database and across two instances.
let a: TestApp;
let b: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  a = await createTestApp();
  b = await startSecondInstance(a);
  await importDoc(a, fixtureSeason());
  ids = await officialIds(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

let users = 0;
async function protocol(t: TestApp = a) {
  const token = await userWithRole(a, `nyckel-${++users}@example.se`, 'user');
  return { token, match: await startProtocol(t, token, ids['fx-upcoming']!) };
}

/** Holds the protocol's row lock from outside the app: a write that needs it stays in flight. */
async function holdProtocol(id: string) {
  const client = new pg.Client({ connectionString: a.databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT 1 FROM matches WHERE id = $1 FOR UPDATE', [id]);
  return {
    release: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

/** Until some statement of the app waits for a lock (the write held in flight). */
async function untilWaitingForLock() {
  for (let i = 0; i < 200; i++) {
    const r = await a.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (r.rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no write waited for the held lock');
}

describe('a repeat with the same key', () => {
  it('answers the stored reply of a heat save and writes once', async () => {
    const { token, match } = await protocol();
    const before = await revision(a, match.id);
    const first = await saveHeat(a, token, match, 1, [1, 2, 3, 4], 'heat-1-forsok');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await revision(a, match.id)).toBe(before + 1);

    // Again on this instance, then on the other, then after another heat changed the protocol.
    for (const t of [a, b]) {
      const again = await saveHeat(t, token, match, 1, [1, 2, 3, 4], 'heat-1-forsok');
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
    }
    expect(await revision(a, match.id)).toBe(before + 1);
    expect((await saveHeat(a, token, match, 2, [4, 3, 2, 1])).statusCode).toBe(200);
    const late = await saveHeat(b, token, match, 1, [1, 2, 3, 4], 'heat-1-forsok');
    expect(late.body).toBe(first.body);
    expect(await revision(a, match.id)).toBe(before + 2);
    expect(await storedKeys(a, 'heat-1-forsok')).toBe(1);

    // A new key is a new write.
    const other = await saveHeat(a, token, match, 1, [2, 1, 3, 4], 'heat-1-andra');
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await revision(a, match.id)).toBe(before + 3);
  });

  it('answers the stored reply of nominations, save protocol and start protocol', async () => {
    const token = await userWithRole(a, 'nyckel-spara@example.se', 'user');
    const official = syntheticKlassisk().matches[0]!.result;
    const start = () =>
      send(
        a,
        token,
        'POST',
        '/api/matches/from-official',
        { official_match_id: ids['fx-undated'] },
        'starta-1',
      );
    const started = await start();
    expect(started.statusCode, started.body).toBe(201);
    const restarted = await start();
    // The stored 201, not the 200 of 'your open protocol' that a keyless repeat gets.
    expect(restarted.statusCode).toBe(201);
    expect(restarted.headers['idempotent-replayed']).toBe('true');
    expect(restarted.body).toBe(started.body);
    const startedId = (started.json() as Match).id;

    const match = await completeProtocol(a, token, ids['fx-played']!, official.heats);
    const saveProtocol = (t: TestApp) =>
      send(t, token, 'POST', `/api/matches/${match.id}/save`, {}, 'spara-1');
    const saved = await saveProtocol(a);
    expect(saved.statusCode, saved.body).toBe(201);
    const again = await saveProtocol(b);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(saved.body);
    const list = await a.request({ method: 'GET', url: '/api/user/matches', token });
    expect((list.json() as unknown[]).length).toBe(1);

    expect((await start()).body).toBe(started.body);
    expect(startedId).toBeTruthy();

    // Heat 15's nomination after heats 1–14, then again on the other instance.
    let open = await startProtocol(a, token, ids['fx-played']!);
    for (const heat of official.heats.slice(0, 14)) {
      open = (await registerHeat(a, token, open, heat)).match;
    }
    const nominate = (t: TestApp) =>
      send(t, token, 'PUT', `/api/matches/${open.id}/nominations`, heat15Nomination(open), 'nom-1');
    const nominated = await nominate(a);
    expect(nominated.statusCode, nominated.body).toBe(200);
    const rev = await revision(a, open.id);
    const renominated = await nominate(b);
    expect(renominated.statusCode).toBe(200);
    expect(renominated.headers['idempotent-replayed']).toBe('true');
    expect(renominated.body).toBe(nominated.body);
    expect(await revision(a, open.id)).toBe(rev);
  });
});

describe('the same key with another payload', () => {
  it('is 422 and writes nothing', async () => {
    const { token, match } = await protocol();
    expect((await saveHeat(a, token, match, 1, [1, 2, 3, 4], 'annan-last')).statusCode).toBe(200);
    const rev = await revision(a, match.id);
    for (const res of [
      await saveHeat(a, token, match, 1, [4, 3, 2, 1], 'annan-last'),
      await saveHeat(b, token, match, 2, [1, 2, 3, 4], 'annan-last'),
    ]) {
      expect(res.statusCode).toBe(422);
      expectErrorShape(res.json(), 422);
      expect(res.json()).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message:
          'Idempotency-Key har redan använts för en annan ändring. Skicka en ny nyckel för en ny ändring.',
      });
    }
    expect(await revision(a, match.id)).toBe(rev);
  });
});

describe('a repeat while the first is in flight', () => {
  for (const where of ['this instance', 'the other instance'] as const) {
    it(`is 409 at once on ${where}, and the first then commits once`, async () => {
      const { token, match } = await protocol();
      const before = await revision(a, match.id);
      const held = await holdProtocol(match.id);
      const first = saveHeat(
        a,
        token,
        match,
        1,
        [1, 2, 3, 4],
        `i-farten-${where === 'this instance' ? 'har' : 'dar'}`,
      );
      await untilWaitingForLock();
      const started = Date.now();
      const repeat = await saveHeat(
        where === 'this instance' ? a : b,
        token,
        match,
        1,
        [1, 2, 3, 4],
        `i-farten-${where === 'this instance' ? 'har' : 'dar'}`,
      );
      expect(Date.now() - started).toBeLessThan(1000);
      expect(repeat.statusCode).toBe(409);
      expectErrorShape(repeat.json(), 409);
      expect(repeat.json()).toMatchObject({
        code: 'IDEMPOTENCY_KEY_IN_FLIGHT',
        message: 'En förfrågan med samma Idempotency-Key behandlas redan. Försök igen om en stund.',
      });
      await held.release();
      const done = await first;
      expect(done.statusCode, done.body).toBe(200);
      expect(done.headers['idempotent-replayed']).toBeUndefined();
      expect(await revision(a, match.id)).toBe(before + 1);
      const replay = await saveHeat(
        b,
        token,
        match,
        1,
        [1, 2, 3, 4],
        `i-farten-${where === 'this instance' ? 'har' : 'dar'}`,
      );
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(done.body);
    });
  }

  it('is 409 for nominations held behind the protocol lock on the other instance', async () => {
    const { token, match } = await protocol();
    const body = heat15Nomination(match);
    const url = `/api/matches/${match.id}/nominations`;
    const held = await holdProtocol(match.id);
    const first = send(a, token, 'PUT', url, body, 'nominera-i-farten');
    await untilWaitingForLock();
    const repeat = await send(b, token, 'PUT', url, body, 'nominera-i-farten');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_FLIGHT' });
    await held.release();
    await first;
  });

  it('lets parallel duplicates on two instances write exactly once', async () => {
    const { token, match } = await protocol();
    const before = await revision(a, match.id);
    const replies = await Promise.all(
      [a, b, a, b, a, b].map((t) => saveHeat(t, token, match, 1, [2, 1, 4, 3], 'parallell')),
    );
    const fresh = replies.filter(
      (r) => r.statusCode === 200 && r.headers['idempotent-replayed'] === undefined,
    );
    expect(fresh).toHaveLength(1);
    for (const r of replies) {
      expect([200, 409]).toContain(r.statusCode);
      if (r.statusCode === 200) expect(r.body).toBe(fresh[0]!.body);
    }
    expect(await revision(a, match.id)).toBe(before + 1);
    expect(await storedKeys(a, 'parallell')).toBe(1);
  });
});

describe('keys are per user and route', () => {
  it('never answers another user, nor another route, with a stored reply', async () => {
    const one = await protocol();
    const two = await protocol(b);
    const first = await saveHeat(a, one.token, one.match, 1, [1, 2, 3, 4], 'delad-nyckel');
    const twoBefore = await revision(a, two.match.id);
    const second = await saveHeat(b, two.token, two.match, 1, [1, 2, 3, 4], 'delad-nyckel');
    expect(await revision(a, two.match.id)).toBe(twoBefore + 1);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    // The same key on another route of the same user is a key of its own.
    const nominations = await send(
      a,
      one.token,
      'PUT',
      `/api/matches/${one.match.id}/nominations`,
      heat15Nomination(one.match),
      'delad-nyckel',
    );
    expect(nominations.headers['idempotent-replayed']).toBeUndefined();
    expect(nominations.statusCode).not.toBe(422);
    expect(await storedKeys(a, 'delad-nyckel')).toBeGreaterThanOrEqual(2);
  });
});

describe('a malformed key', () => {
  it('is 400 in the error shape and writes nothing', async () => {
    const { token, match } = await protocol();
    const rev = await revision(a, match.id);
    for (const key of ['x'.repeat(256), 'med mellanslag', 'tab\tbad']) {
      const res = await saveHeat(a, token, match, 1, [1, 2, 3, 4], key);
      expect(res.statusCode, key).toBe(400);
      expectErrorShape(res.json(), 400);
      expect(res.json()).toMatchObject({
        code: 'IDEMPOTENCY_KEY_INVALID',
        message:
          'Ogiltig Idempotency-Key: nyckeln ska vara 1–255 synliga ASCII-tecken (utan mellanslag).',
      });
    }
    expect(await revision(a, match.id)).toBe(rev);
    const longest = await saveHeat(a, token, match, 1, [1, 2, 3, 4], '~'.repeat(255));
    expect(longest.statusCode).toBe(200);
  });
});

describe('a refusal', () => {
  it('stores nothing: the same key is judged again', async () => {
    const { token, match } = await protocol();
    const rev = await revision(a, match.id);
    // Two riders in first place: the engine refuses the heat.
    const refused = await saveHeat(a, token, match, 1, [1, 1, 3, 4], 'vagrad');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await storedKeys(a, 'vagrad')).toBe(0);
    const again = await saveHeat(b, token, match, 1, [1, 1, 3, 4], 'vagrad');
    expect(again.statusCode).toBe(refused.statusCode);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await revision(a, match.id)).toBe(rev);
  });
});

describe('without a key', () => {
  it('works as before and stores no key', async () => {
    const { token, match } = await protocol();
    const before = await revision(a, match.id);
    const res = await saveHeat(a, token, match, 1, [1, 2, 3, 4]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    const again = await saveHeat(a, token, match, 1, [2, 1, 3, 4]);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await revision(a, match.id)).toBe(before + 2);
    const r = await a.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM idempotency_keys k JOIN matches m ON m.created_by = k.user_id
      WHERE m.id = ${match.id}`);
    expect(r.rows[0]!.n).toBe(0);
  });
});

describe('expiry', () => {
  it('keeps a key 24 hours, then the clean-up deletes it in bounded batches', async () => {
    const { token, match } = await protocol();
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await saveHeat(a, token, match, n, [1, 2, 3, 4], `utgar-${n}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const all = async () =>
      (await a.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM idempotency_keys`))
        .rows[0]!.n;
    const total = await all();
    const now = Date.now();
    const hour = 60 * 60 * 1000;
    expect(await idempotencyStore.prune(a.db, new Date(now + 23 * hour))).toBe(0);
    expect(await all()).toBe(total);
    // One batch of two at most: the rest stays for the next run.
    const later = new Date(now + 24 * hour + 60_000);
    expect(await idempotencyStore.prune(a.db, later, { batchSize: 2, maxBatches: 1 })).toBe(2);
    expect(await all()).toBe(total - 2);
    expect(await idempotencyStore.prune(a.db, later)).toBe(total - 2);
    for (const n of [1, 2, 3, 4, 5]) expect(await storedKeys(a, `utgar-${n}`)).toBe(0);
    // An expired key is a new key: the save is judged and written again.
    const rev = await revision(a, match.id);
    const res = await saveHeat(a, token, match, 1, [2, 1, 3, 4], 'utgar-1');
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await revision(a, match.id)).toBe(rev + 1);
  });
});
