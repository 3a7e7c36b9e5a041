import type { Match } from '@speedway/contracts';
import { heatTag, nominationsTag, protocolTag, type Heat } from '@speedway/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixtureSeason,
  importDoc,
  officialIds,
  syntheticKlassisk,
  userWithRole,
} from '../../../test/official-data';
import {
  completeProtocol,
  getProtocol,
  registerHeat,
  startProtocol,
} from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import {
  heat15Nomination,
  revision,
  saveHeat,
  send,
  storedKeys,
} from '../../../test/replayed-writes';
import { expectErrorShape } from '../../../test/users';

// `If-Match` on the writes the offline outbox replays (ADR 010 §6), on the real database and
// across two instances: the tags are the engine's, computed here from the Match as a client has it.
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

const official = syntheticKlassisk().matches[0]!.result;

let users = 0;
async function protocol(t: TestApp = a) {
  const token = await userWithRole(a, `villkor-${++users}@example.se`, 'user');
  return { token, match: await startProtocol(t, token, ids['fx-upcoming']!) };
}

const quoted = (tag: string) => `"${tag}"`;
const heatOf = (match: Match, n: number): Heat => match.heats.find((h) => h.heat_number === n)!;

/** The heat's results with first and second place swapped: another version of the heat. */
function swapWinners(heat: Heat) {
  return heat.results.map(({ rider_id, position, status }) => ({
    rider_id,
    position: position === 1 ? 2 : position === 2 ? 1 : position,
    status,
  }));
}

function expectChanged(res: Awaited<ReturnType<typeof send>>, code: string, message: string) {
  expect(res.statusCode, res.body).toBe(412);
  expectErrorShape(res.json(), 412, code);
  expect(res.json()).toMatchObject({ error: 'Precondition Failed', message });
}

const HEAT_1_CHANGED = 'Heat 1 har ändrats på en annan enhet.';
const PROTOCOL_CHANGED = 'Protokollet har ändrats på en annan enhet.';

describe('a heat save with If-Match', () => {
  it('writes when the heat is the version named, on either instance', async () => {
    const { token, match } = await protocol();
    const first = await saveHeat(
      a,
      token,
      match,
      1,
      [1, 2, 3, 4],
      undefined,
      quoted(heatTag(heatOf(match, 1))),
    );
    expect(first.statusCode, first.body).toBe(200);
    // The saved heat's tag, computed from the reply, names the new version everywhere.
    const saved = (first.json() as { heat: Heat }).heat;
    const stored = await getProtocol(b, token, match.id);
    expect(heatTag(heatOf(stored, 1))).toBe(heatTag(saved));
    const edit = await saveHeat(
      b,
      token,
      stored,
      1,
      [2, 1, 3, 4],
      undefined,
      quoted(heatTag(saved)),
    );
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('is 412 HEAT_CHANGED when another device changed the heat, and writes nothing', async () => {
    const { token, match } = await protocol();
    // Device A saves heat 1 on instance a (which keeps a copy of the protocol), then device B
    // edits it on instance b: a's copy is stale now.
    const first = await saveHeat(a, token, match, 1, [1, 2, 3, 4]);
    expect(first.statusCode, first.body).toBe(200);
    const seen = quoted(heatTag((first.json() as { heat: Heat }).heat));
    expect((await saveHeat(b, token, match, 1, [2, 1, 3, 4])).statusCode).toBe(200);
    const rev = await revision(a, match.id);
    const before = await getProtocol(a, token, match.id);

    // Device A, with the version it saw: refused on each path (a's stale copy, b's current
    // copy, then a's fresh read once its stale copy is dropped).
    for (const t of [a, b, a]) {
      expectChanged(
        await saveHeat(t, token, match, 1, [4, 3, 2, 1], undefined, seen),
        'HEAT_CHANGED',
        HEAT_1_CHANGED,
      );
    }
    expect(await revision(a, match.id)).toBe(rev);
    expect(heatOf(await getProtocol(b, token, match.id), 1)).toEqual(heatOf(before, 1));
  });

  it('judges only the heat saved: another heat changing is no conflict', async () => {
    const { token, match } = await protocol();
    expect((await saveHeat(a, token, match, 1, [1, 2, 3, 4])).statusCode).toBe(200);
    const seen = quoted(heatTag(heatOf(match, 2)));
    // Heat 1 is edited on the other device; heat 2 as this device saw it is unchanged.
    expect((await saveHeat(b, token, match, 1, [4, 3, 2, 1])).statusCode).toBe(200);
    const res = await saveHeat(a, token, match, 2, [1, 2, 3, 4], undefined, seen);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('gives a repeat of a committed keyed save its stored 200 although its tag has moved', async () => {
    const { token, match } = await protocol();
    const seen = quoted(heatTag(heatOf(match, 1)));
    const first = await saveHeat(a, token, match, 1, [1, 2, 3, 4], 'villkor-1', seen);
    expect(first.statusCode, first.body).toBe(200);
    const rev = await revision(a, match.id);
    // The save's own write moved heat 1's tag: the repeat (a lost answer) is still answered.
    for (const t of [a, b]) {
      const again = await saveHeat(t, token, match, 1, [1, 2, 3, 4], 'villkor-1', seen);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
    }
    // Another device then edits heat 1: the repeat is still answered from the key.
    expect((await saveHeat(b, token, match, 1, [2, 1, 3, 4])).statusCode).toBe(200);
    const late = await saveHeat(b, token, match, 1, [1, 2, 3, 4], 'villkor-1', seen);
    expect([late.statusCode, late.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(await revision(a, match.id)).toBe(rev + 1);
  });

  it('stores no 412: the same key is judged again with the right tag', async () => {
    const { token, match } = await protocol();
    const seen = quoted(heatTag(heatOf(match, 1)));
    expect((await saveHeat(b, token, match, 1, [1, 2, 3, 4])).statusCode).toBe(200);
    const rev = await revision(a, match.id);
    for (const t of [a, b]) {
      expectChanged(
        await saveHeat(t, token, match, 1, [4, 3, 2, 1], 'villkor-2', seen),
        'HEAT_CHANGED',
        HEAT_1_CHANGED,
      );
    }
    expect(await storedKeys(a, 'villkor-2')).toBe(0);
    expect(await revision(a, match.id)).toBe(rev);

    // 'Behåll min version': the same change on the server's version (here a new key, as the
    // outbox does; the old key works too since nothing was stored under it).
    const current = await getProtocol(a, token, match.id);
    const kept = await saveHeat(
      a,
      token,
      match,
      1,
      [4, 3, 2, 1],
      'villkor-2',
      quoted(heatTag(heatOf(current, 1))),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.headers['idempotent-replayed']).toBeUndefined();
    expect(await storedKeys(a, 'villkor-2')).toBe(1);
  });

  it('is judged before the engine: a changed heat is 412, not a rule refusal', async () => {
    const { token, match } = await protocol();
    const seen = quoted(heatTag(heatOf(match, 1)));
    expect((await saveHeat(a, token, match, 1, [1, 2, 3, 4])).statusCode).toBe(200);
    // The same places again would be NO_CHANGES; with the old tag it is the conflict.
    expectChanged(
      await saveHeat(b, token, match, 1, [1, 2, 3, 4], undefined, seen),
      'HEAT_CHANGED',
      HEAT_1_CHANGED,
    );
  });
});

describe('a malformed If-Match', () => {
  it('is 400 PRECONDITION_INVALID on every route, with or without a key, and writes nothing', async () => {
    const { token, match } = await protocol();
    const tag = heatTag(heatOf(match, 1));
    const rev = await revision(a, match.id);
    for (const ifMatch of [
      tag,
      `W/"${tag}"`,
      '"zz"',
      `"${tag}0"`,
      `"${tag.toUpperCase()}"`,
      `"${tag}", "${tag}"`,
      '*',
      '',
    ]) {
      for (const key of [undefined, 'villkor-fel']) {
        const res = await saveHeat(a, token, match, 1, [1, 2, 3, 4], key, ifMatch);
        expect(res.statusCode, `${ifMatch}: ${res.body}`).toBe(400);
        expectErrorShape(res.json(), 400, 'PRECONDITION_INVALID');
      }
    }
    // A valid body (the body is validated first), a malformed header.
    const url = `/api/matches/${match.id}/nominations`;
    const nominate = await send(a, token, 'PUT', url, heat15Nomination(match), undefined, 'x');
    expectErrorShape(nominate.json(), 400, 'PRECONDITION_INVALID');
    for (const [method, path] of [
      ['POST', 'save'],
      ['PUT', 'confirm'],
    ] as const) {
      const res = await send(
        a,
        token,
        method,
        `/api/matches/${match.id}/${path}`,
        {},
        undefined,
        'x',
      );
      expectErrorShape(res.json(), 400, 'PRECONDITION_INVALID');
    }
    expect(await revision(a, match.id)).toBe(rev);
    expect(await storedKeys(a, 'villkor-fel')).toBe(0);
  });
});

describe('nominations with If-Match (heats 14 and 15)', () => {
  it('write when heats 14/15 are the version named; 412 once either changed; stored reply wins', async () => {
    const token = await userWithRole(a, 'villkor-nominering@example.se', 'user');
    let open = await startProtocol(a, token, ids['fx-played']!);
    for (const heat of official.heats.slice(0, 14)) {
      open = (await registerHeat(a, token, open, heat)).match;
    }
    const url = `/api/matches/${open.id}/nominations`;
    const seen = quoted(nominationsTag(open));
    // Heat 14 is edited on another device: the nomination made on the old heat 14 is refused.
    const edited = await send(b, token, 'POST', `/api/matches/${open.id}/heat/14/save`, {
      results: swapWinners(heatOf(open, 14)),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const rev = await revision(a, open.id);
    for (const t of [a, b]) {
      expectChanged(
        await send(t, token, 'PUT', url, heat15Nomination(open), 'nom-v', seen),
        'PROTOCOL_CHANGED',
        PROTOCOL_CHANGED,
      );
    }
    expect(await revision(a, open.id)).toBe(rev);
    expect(await storedKeys(a, 'nom-v')).toBe(0);

    // On the server's version it is written; its repeat gets the stored reply though heat 15 moved.
    const current = await getProtocol(a, token, open.id);
    const now = quoted(nominationsTag(current));
    const nominated = await send(a, token, 'PUT', url, heat15Nomination(current), 'nom-v', now);
    expect(nominated.statusCode, nominated.body).toBe(200);
    expect(nominationsTag(nominated.json() as Match)).not.toBe(nominationsTag(current));
    const again = await send(b, token, 'PUT', url, heat15Nomination(current), 'nom-v', now);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(again.body).toBe(nominated.body);
    expect(await revision(a, open.id)).toBe(rev + 1);
  });
});

describe("'Spara protokoll' and confirm with If-Match (the whole protocol)", () => {
  it('save: 412 on another version, 201 on its own; a keyed repeat gets the stored 201', async () => {
    const token = await userWithRole(a, 'villkor-spara@example.se', 'user');
    const match = await completeProtocol(a, token, ids['fx-played']!, official.heats);
    const url = `/api/matches/${match.id}/save`;
    const seen = quoted(protocolTag(match));
    // Heat 3 is edited on another device.
    const edit = await send(b, token, 'POST', `/api/matches/${match.id}/heat/3/save`, {
      results: swapWinners(heatOf(match, 3)),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const rev = await revision(a, match.id);
    expectChanged(
      await send(a, token, 'POST', url, {}, 'spara-v', seen),
      'PROTOCOL_CHANGED',
      PROTOCOL_CHANGED,
    );
    expect(await revision(a, match.id)).toBe(rev);
    const list = await a.request({ method: 'GET', url: '/api/user/matches', token });
    expect(list.json()).toEqual([]);

    const current = quoted(protocolTag(await getProtocol(b, token, match.id)));
    const saved = await send(a, token, 'POST', url, {}, 'spara-v', current);
    expect(saved.statusCode, saved.body).toBe(201);
    // The repeat with the tag it was sent with, and even with a stale one: the stored reply.
    for (const ifMatch of [current, seen]) {
      const again = await send(b, token, 'POST', url, {}, 'spara-v', ifMatch);
      expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
      expect(again.body).toBe(saved.body);
    }
  });

  it("the web app's 'Spara protokoll': the save, then confirm on the same tag with a key of its own", async () => {
    const token = await userWithRole(a, 'villkor-spara-bekrafta@example.se', 'user');
    const match = await completeProtocol(a, token, ids['fx-played']!, official.heats);
    const tag = quoted(protocolTag(match));
    const save = await send(a, token, 'POST', `/api/matches/${match.id}/save`, {}, 'sb-1', tag);
    expect(save.statusCode, save.body).toBe(201);
    // Saving changes no heat: the confirmation's tag still names the protocol, on either instance.
    const url = `/api/matches/${match.id}/confirm`;
    const confirmed = await send(b, token, 'PUT', url, {}, 'sb-2', tag);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: match.id, status: 'confirmed' });
    const again = await send(a, token, 'PUT', url, {}, 'sb-2', tag);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
    // Still the one saved copy the save made.
    const list = await a.request({ method: 'GET', url: '/api/user/matches', token });
    expect((list.json() as { id: string }[]).map((item) => item.id)).toEqual([
      (save.json() as { user_match_id: string }).user_match_id,
    ]);
  });

  it('confirm: 412 on another version, 200 on its own, then PROTOCOL_CONFIRMED for a heat', async () => {
    const token = await userWithRole(a, 'villkor-bekrafta@example.se', 'user');
    const match = await completeProtocol(a, token, ids['fx-played']!, official.heats);
    const url = `/api/matches/${match.id}/confirm`;
    const stale = quoted(protocolTag({ heats: match.heats.slice(0, 14) }));
    expectChanged(
      await send(b, token, 'PUT', url, {}, undefined, stale),
      'PROTOCOL_CHANGED',
      PROTOCOL_CHANGED,
    );
    expect((await getProtocol(a, token, match.id)).status).toBe('completed');
    const confirmed = await send(b, token, 'PUT', url, {}, undefined, quoted(protocolTag(match)));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as Match).status).toBe('confirmed');
    // A heat edited offline before the confirmation: the protocol is read-only now.
    const heat = await saveHeat(
      a,
      token,
      match,
      2,
      [4, 3, 2, 1],
      undefined,
      quoted(heatTag(heatOf(match, 2))),
    );
    expect(heat.statusCode).toBe(409);
    expect(heat.json().code).toBe('PROTOCOL_CONFIRMED');
  });
});

describe('without If-Match', () => {
  it('nothing is checked: a save over another device’s change is accepted as before', async () => {
    const { token, match } = await protocol();
    expect((await saveHeat(b, token, match, 1, [1, 2, 3, 4])).statusCode).toBe(200);
    const res = await saveHeat(a, token, match, 1, [4, 3, 2, 1]);
    expect(res.statusCode, res.body).toBe(200);
  });
});
