import type { Match } from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web's offline tests answer replayed writes with a fake server; its key rules must be this
// server's. A pure module without imports, read here only to be compared with the real thing.
import {
  idempotencyKeys,
  type KeyedReply,
} from '../../web/src/lib/offline/testing/idempotency-rules';
import { fixtureSeason, importDoc, officialIds, userWithRole } from './official-data';
import { startProtocol } from './protocol-api';
import { results } from './replayed-writes';
import { createTestApp, type TestApp } from './test-app';

// The same heat saves, with and without Idempotency-Key, sent to the real server and to the rules
// of apps/web/src/lib/offline/testing/idempotency-rules.ts: each must be carried out, answered
// again or refused alike, with the same status, code, message and stored reply.

const ROUTE = '/api/matches/:id/heat/:heatNumber/save';

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  await importDoc(t, fixtureSeason());
  ids = await officialIds(t);
});
afterAll(() => t.close());

type Who = { token: string; match: Match };
type Step = { who: Who; heat: number; positions: number[]; key?: string };

type Outcome = {
  kind: 'write' | 'answer';
  status: number;
  replayed: boolean;
  body: unknown;
};

const urlOf = (step: Step) => `/api/matches/${step.who.match.id}/heat/${step.heat}/save`;
const bodyOf = (step: Step) => {
  const heat = step.who.match.heats.find((h) => h.heat_number === step.heat)!;
  return { results: results(heat, step.positions) };
};

function send(step: Step) {
  return t.request({
    method: 'POST',
    url: urlOf(step),
    token: step.who.token,
    payload: bodyOf(step),
    headers: {
      'content-type': 'application/json',
      ...(step.key !== undefined ? { 'idempotency-key': step.key } : {}),
    },
  });
}

/** What the real server did: a replay or a refusal of the key is an answer, the rest writes. */
function serverOutcome(res: Awaited<ReturnType<typeof send>>): Outcome {
  const body = res.json() as { code?: string };
  const replayed = res.headers['idempotent-replayed'] === 'true';
  const keyRefusal = /^IDEMPOTENCY_KEY_/.test(body.code ?? '');
  return {
    kind: replayed || keyRefusal ? 'answer' : 'write',
    status: res.statusCode,
    replayed,
    body,
  };
}

/** The fake's rules on the same request; a write it carries out is given the server's reply. */
function fakeOutcome(
  keys: ReturnType<typeof idempotencyKeys>,
  step: Step,
  serverReply: KeyedReply,
): Outcome {
  if (step.key === undefined) return { kind: 'write', status: 0, replayed: false, body: null };
  const verdict = keys.begin({
    user: step.who.token,
    method: 'POST',
    route: ROUTE,
    url: urlOf(step),
    key: step.key,
    body: bodyOf(step),
  });
  if (verdict.kind === 'write') {
    verdict.done(serverReply);
    return { kind: 'write', status: 0, replayed: false, body: null };
  }
  const { reply } = verdict;
  return {
    kind: 'answer',
    status: reply.status ?? 200,
    replayed: reply.headers?.['idempotent-replayed'] === 'true',
    body: reply.json,
  };
}

/** A comparable record: for a write only that it was one (the fake does not judge heats). */
const seen = (o: Outcome) =>
  o.kind === 'write'
    ? { kind: 'write' }
    : { kind: o.kind, status: o.status, replayed: o.replayed, body: o.body };

let users = 0;
async function someone(): Promise<Who> {
  const token = await userWithRole(t, `fake-nyckel-${++users}@example.se`, 'user');
  return { token, match: await startProtocol(t, token, ids['fx-upcoming']!) };
}

/** The same user's protocol of another match with the same line-ups (official-data.ts). */
async function anotherProtocolOf(who: Who): Promise<Who> {
  return { token: who.token, match: await startProtocol(t, who.token, ids['fx-played']!) };
}

describe('the offline tests’ fake server keeps the server’s Idempotency-Key rules', () => {
  it('answers a sequence of saves as the server does', async () => {
    const anna = await someone();
    const annasOther = await anotherProtocolOf(anna);
    const bo = await someone();
    // The same payload to another protocol: only the path tells the two apart.
    expect(bodyOf({ who: annasOther, heat: 1, positions: [1, 2, 3, 4] })).toEqual(
      bodyOf({ who: anna, heat: 1, positions: [1, 2, 3, 4] }),
    );
    const steps: Step[] = [
      { who: anna, heat: 1, positions: [1, 2, 3, 4], key: 'k-1' },
      // The same again: the stored reply, marked replayed.
      { who: anna, heat: 1, positions: [1, 2, 3, 4], key: 'k-1' },
      // The key with another payload, on another heat or another protocol (same route): 422.
      { who: anna, heat: 1, positions: [4, 3, 2, 1], key: 'k-1' },
      { who: anna, heat: 2, positions: [1, 2, 3, 4], key: 'k-1' },
      { who: annasOther, heat: 1, positions: [1, 2, 3, 4], key: 'k-1' },
      // A refusal is not kept: the key is free for another payload after it.
      { who: anna, heat: 2, positions: [1, 1, 3, 4], key: 'k-2' },
      { who: anna, heat: 2, positions: [2, 1, 4, 3], key: 'k-2' },
      { who: anna, heat: 2, positions: [2, 1, 4, 3], key: 'k-2' },
      // Keys are per user: another's k-1 is a key of its own.
      { who: bo, heat: 1, positions: [1, 2, 3, 4], key: 'k-1' },
      { who: bo, heat: 1, positions: [1, 2, 3, 4], key: 'k-1' },
      // Without a key every request is carried out.
      { who: anna, heat: 3, positions: [3, 4, 1, 2] },
      { who: anna, heat: 3, positions: [3, 4, 1, 2] },
      // A key the server does not take.
      { who: anna, heat: 3, positions: [3, 4, 1, 2], key: 'med mellanslag' },
      { who: anna, heat: 3, positions: [3, 4, 1, 2], key: '' },
    ];
    const keys = idempotencyKeys();
    const server: unknown[] = [];
    const fake: unknown[] = [];
    for (const step of steps) {
      const res = await send(step);
      const outcome = serverOutcome(res);
      server.push(seen(outcome));
      fake.push(seen(fakeOutcome(keys, step, { status: res.statusCode, json: outcome.body })));
    }
    // The sequence means something: it has writes, replays and both refusals of a key.
    expect(server).toContainEqual(expect.objectContaining({ replayed: true }));
    expect(server).toContainEqual(expect.objectContaining({ status: 422 }));
    expect(server).toContainEqual(expect.objectContaining({ status: 400 }));
    expect(fake).toEqual(server);
  });

  it('refuses a repeat while the first is still being carried out, then replays it', async () => {
    const anna = await someone();
    const step: Step = { who: anna, heat: 1, positions: [1, 2, 3, 4], key: 'i-farten' };
    const keys = idempotencyKeys();

    // The real server: the protocol's row held from outside keeps the first save in flight.
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    await client.query('BEGIN');
    await client.query('SELECT 1 FROM matches WHERE id = $1 FOR UPDATE', [anna.match.id]);
    const first = send(step);
    await untilWaitingForLock();
    const repeat = serverOutcome(await send(step));
    await client.query('COMMIT');
    await client.end();
    const done = serverOutcome(await first);
    const after = serverOutcome(await send(step));

    // The fake: the first is carried out until it is given its reply.
    const verdict = keys.begin({
      user: anna.token,
      method: 'POST',
      route: ROUTE,
      url: urlOf(step),
      key: 'i-farten',
      body: bodyOf(step),
    });
    expect(verdict.kind).toBe('write');
    const fakeRepeat = fakeOutcome(keys, step, { status: 500 });
    if (verdict.kind === 'write') verdict.done({ status: done.status, json: done.body });
    const fakeAfter = fakeOutcome(keys, step, { status: 500 });

    expect(repeat.status).toBe(409);
    expect(done.kind).toBe('write');
    expect(seen(fakeRepeat)).toEqual(seen(repeat));
    expect(seen(fakeAfter)).toEqual(seen(after));
  });
});

/** Until some statement of the app waits for a lock (the write held in flight). */
async function untilWaitingForLock() {
  await expect
    .poll(
      async () => {
        const r = await t.db.execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        return r.rows[0]!.n;
      },
      { timeout: 10_000, interval: 25 },
    )
    .toBeGreaterThan(0);
}
