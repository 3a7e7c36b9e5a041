import { TUTORIAL_PAGE_KEYS, type TutorialState } from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { expectErrorShape, login, signUp } from '../../../test/users';

let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const URL = '/api/account/tutorials';

const put = (token: string, payload: unknown, on: TestApp = t) =>
  on.request({ method: 'PUT', url: URL, token, payload: payload as object });

async function state(token: string): Promise<TutorialState> {
  const res = await t.request({ method: 'GET', url: URL, token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { tutorial: TutorialState }).tutorial;
}

const completedPages = (s: TutorialState) =>
  Object.entries(s.pages)
    .filter(([, page]) => page.completed)
    .map(([key]) => key)
    .sort();

let serial = 0;
const newUser = () => signUp(t, `guide.${++serial}@example.se`);

describe('GET /api/account/tutorials', () => {
  it('gives a new user every page key, nothing completed, step 0, intro not completed', async () => {
    const token = await newUser();
    const res = await t.request({ method: 'GET', url: URL, token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { tutorial: TutorialState };
    expect(body.tutorial.introCompleted).toBe(false);
    expect(Object.keys(body.tutorial.pages).sort()).toEqual([...TUTORIAL_PAGE_KEYS].sort());
    for (const page of Object.values(body.tutorial.pages)) {
      expect(page).toEqual({ completed: false, step: 0 });
    }
  });

  it('answers 401 in the error shape without a session', async () => {
    const res = await t.request({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
    expectErrorShape(res.json(), 401, 'UNAUTHORIZED');
    const put401 = await t.request({ method: 'PUT', url: URL, payload: { resetIntro: true } });
    expect(put401.statusCode).toBe(401);
  });
});

describe('PUT: the progress form {tutorial}', () => {
  it('completes the intro and a page, stores a step, and replies with the whole state', async () => {
    const token = await newUser();
    const res = await put(token, {
      tutorial: {
        introCompleted: true,
        pages: { home: { completed: true, step: 0 }, matchProtocol: { step: 2 } },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { tutorial } = res.json() as { tutorial: TutorialState };
    expect(tutorial.introCompleted).toBe(true);
    expect(tutorial.pages.home).toEqual({ completed: true, step: 0 });
    expect(tutorial.pages.matchProtocol).toEqual({ completed: false, step: 2 });
    expect(tutorial.pages.table).toEqual({ completed: false, step: 0 });
    expect(await state(token)).toEqual(tutorial);
  });

  it('never takes back a completion: false and a later step leave it completed', async () => {
    const token = await newUser();
    await put(token, { tutorial: { introCompleted: true, pages: { table: { completed: true } } } });
    const res = await put(token, {
      tutorial: { introCompleted: false, pages: { table: { completed: false, step: 3 } } },
    });
    expect(res.statusCode).toBe(200);
    const { tutorial } = res.json() as { tutorial: TutorialState };
    expect(tutorial.introCompleted).toBe(true);
    expect(tutorial.pages.table).toEqual({ completed: true, step: 3 });
  });

  it('keeps the step of a page reported without one', async () => {
    const token = await newUser();
    await put(token, { tutorial: { pages: { account: { step: 1 } } } });
    const res = await put(token, { tutorial: { pages: { account: { completed: true } } } });
    expect((res.json() as { tutorial: TutorialState }).tutorial.pages.account).toEqual({
      completed: true,
      step: 1,
    });
  });

  it('accepts an empty report and changes nothing', async () => {
    const token = await newUser();
    const res = await put(token, { tutorial: {} });
    expect(res.statusCode).toBe(200);
    expect(completedPages((res.json() as { tutorial: TutorialState }).tutorial)).toEqual([]);
  });
});

describe('PUT: the reset forms', () => {
  async function everythingDone(token: string) {
    const pages = Object.fromEntries(
      TUTORIAL_PAGE_KEYS.map((key) => [key, { completed: true, step: 0 }]),
    );
    const res = await put(token, { tutorial: { introCompleted: true, pages } });
    expect(res.statusCode).toBe(200);
  }

  it('{resetIntro: true} shows the intro again and leaves the pages alone', async () => {
    const token = await newUser();
    await everythingDone(token);
    const res = await put(token, { resetIntro: true });
    expect(res.statusCode).toBe(200);
    const { tutorial } = res.json() as { tutorial: TutorialState };
    expect(tutorial.introCompleted).toBe(false);
    expect(completedPages(tutorial)).toHaveLength(TUTORIAL_PAGE_KEYS.length);
  });

  it('{resetAllPages: true, resetIntro: false} resets every page but not the intro', async () => {
    const token = await newUser();
    await everythingDone(token);
    await put(token, { tutorial: { pages: { heatDialog: { step: 1 } } } });
    const res = await put(token, { resetAllPages: true, resetIntro: false });
    expect(res.statusCode).toBe(200);
    const { tutorial } = res.json() as { tutorial: TutorialState };
    expect(tutorial.introCompleted).toBe(true);
    expect(completedPages(tutorial)).toEqual([]);
    expect(tutorial.pages.heatDialog.step).toBe(0);
  });

  it('{resetAllPages: true, resetIntro: true} resets everything', async () => {
    const token = await newUser();
    await everythingDone(token);
    const { tutorial } = (await put(token, { resetAllPages: true, resetIntro: true })).json() as {
      tutorial: TutorialState;
    };
    expect(tutorial.introCompleted).toBe(false);
    expect(completedPages(tutorial)).toEqual([]);
  });

  it('{pageName} shows that one page guide again', async () => {
    const token = await newUser();
    await everythingDone(token);
    const res = await put(token, { pageName: 'officialMatchDetail' });
    expect(res.statusCode).toBe(200);
    const { tutorial } = res.json() as { tutorial: TutorialState };
    expect(tutorial.pages.officialMatchDetail).toEqual({ completed: false, step: 0 });
    expect(completedPages(tutorial)).toHaveLength(TUTORIAL_PAGE_KEYS.length - 1);
    expect(tutorial.introCompleted).toBe(true);
  });

  it('touches only the caller: another user keeps their progress', async () => {
    const mine = await newUser();
    const theirs = await newUser();
    await everythingDone(mine);
    await everythingDone(theirs);
    await put(mine, { resetAllPages: true, resetIntro: true });
    const other = await state(theirs);
    expect(other.introCompleted).toBe(true);
    expect(completedPages(other)).toHaveLength(TUTORIAL_PAGE_KEYS.length);
  });
});

describe('PUT: bad input answers 400 with a Swedish message', () => {
  const cases: [string, unknown, RegExp][] = [
    ['an unknown pageName', { pageName: 'settings' }, /Okänd sida för guiden: 'settings'/],
    [
      'an unknown page key in a report',
      { tutorial: { pages: { dashboard: { completed: true } } } },
      /Okänd sida för guiden: 'dashboard'.*home, matches, myMatches/,
    ],
    ['an empty body', {}, /Skicka en av formerna/],
    ['two forms at once', { pageName: 'home', resetIntro: true }, /Skicka en av formerna/],
    ['a report and a reset', { tutorial: {}, resetAllPages: true }, /Skicka en av formerna/],
    ['resetIntro false alone', { resetIntro: false }, /resetIntro ska vara true/],
    ['resetAllPages false', { resetAllPages: false }, /resetAllPages ska vara true/],
    ['a negative step', { tutorial: { pages: { home: { step: -1 } } } }, /step ska vara/],
    ['a fractional step', { tutorial: { pages: { home: { step: 1.5 } } } }, /step ska vara/],
    ['a huge step', { tutorial: { pages: { home: { step: 10_000 } } } }, /step ska vara/],
    ['a text completion', { tutorial: { introCompleted: 'ja' } }, /introCompleted ska vara/],
    ['an unknown field', { tutorial: { pages: { home: { done: true } } } }, /Ogiltig indata/],
    ['pages as a list', { tutorial: { pages: ['home'] } }, /pages ska vara/],
  ];
  it.each(cases)('%s', async (_name, payload, message) => {
    const token = await newUser();
    const res = await put(token, payload);
    expect(res.statusCode, res.body).toBe(400);
    expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
    expect((res.json() as { message: string }).message).toMatch(message);
    expect(completedPages(await state(token))).toEqual([]);
  });
});

describe('two devices on two instances', () => {
  it('never loses a completion when every page is finished at the same moment', async () => {
    const email = `guide.${++serial}@example.se`;
    const phone = await signUp(t, email);
    const laptop = await login(second, email);
    // Each page finished on one device while the other moves a step on a page of its own, all
    // at once and through both instances.
    const writes = TUTORIAL_PAGE_KEYS.flatMap((key, i) => [
      put(
        i % 2 ? phone : laptop,
        { tutorial: { pages: { [key]: { completed: true, step: 0 } } } },
        i % 2 ? t : second,
      ),
      put(
        i % 2 ? laptop : phone,
        { tutorial: { pages: { [key]: { step: 2 } } } },
        i % 2 ? second : t,
      ),
      put(phone, { tutorial: { introCompleted: i === 3 } }, t),
    ]);
    const replies = await Promise.all(writes);
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    const final = await state(phone);
    expect(final.introCompleted).toBe(true);
    expect(completedPages(final)).toEqual([...TUTORIAL_PAGE_KEYS].sort());
  });

  it('a reset on one device is what the other reads next', async () => {
    const email = `guide.${++serial}@example.se`;
    const phone = await signUp(t, email);
    const laptop = await login(second, email);
    await put(phone, { tutorial: { introCompleted: true, pages: { home: { completed: true } } } });
    await put(laptop, { resetAllPages: true, resetIntro: true }, second);
    const res = await t.request({ method: 'GET', url: URL, token: phone });
    const { tutorial } = res.json() as { tutorial: TutorialState };
    expect(tutorial.introCompleted).toBe(false);
    expect(tutorial.pages.home.completed).toBe(false);
  });
});

describe('export and deletion', () => {
  it('exports the progress and removes it with the account', async () => {
    const email = `guide.${++serial}@example.se`;
    const token = await signUp(t, email);
    await put(token, {
      tutorial: { introCompleted: true, pages: { home: { completed: true }, table: { step: 1 } } },
    });
    const exported = await t.request({ method: 'GET', url: '/api/account/export', token });
    expect(exported.statusCode).toBe(200);
    const data = exported.json() as { tutorials: unknown[] };
    expect(data.tutorials).toEqual([
      { guide: 'home', completed: true, step: 0, updated_at: expect.any(String) },
      { guide: 'intro', completed: true, step: 0, updated_at: expect.any(String) },
      { guide: 'table', completed: false, step: 1, updated_at: expect.any(String) },
    ]);

    const userId = (
      await t.db.execute<{ id: string }>(sql`SELECT id FROM users WHERE email = ${email}`)
    ).rows[0]!.id;
    const deleted = await t.request({
      method: 'DELETE',
      url: '/api/account',
      token,
      payload: { password: '' },
    });
    expect(deleted.statusCode).toBe(200);
    const left = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM tutorial_progress WHERE user_id = ${userId}`,
    );
    expect(left.rows[0]).toEqual({ n: 0 });
  });
});
