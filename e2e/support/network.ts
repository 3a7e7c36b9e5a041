import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

// ADR 010 WP6: the network as a phone at the track loses it. Chromium's setOffline does not cut
// a service worker's own requests (playwright#2311), so the API is also refused by a route.

const API = '**/api/**';

export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route(API, (route) => route.abort('internetdisconnected'));
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute(API);
  await context.setOffline(false);
}

/** Where the service worker's first install has got to, in words (so that a failure says it). */
function workerState(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const worker = registration?.active ?? registration?.installing;
    const controlled = navigator.serviceWorker.controller ? 'controlled' : 'uncontrolled';
    return `${controlled}, worker ${worker?.state ?? 'none'}`;
  });
}

/** After the first visit: the worker has cached the build and controls the page. */
export async function untilControlled(page: Page): Promise<void> {
  await expect.poll(() => workerState(page), { timeout: 45_000 }).toMatch(/worker activated/);
  // A page still loading when the install finished is no client yet; loaded again, it is.
  if ((await workerState(page)).startsWith('uncontrolled')) await page.reload();
  await expect.poll(() => workerState(page)).toBe('controlled, worker activated');
}

/**
 * Until the signed-in user's persisted query cache (ADR 010 §3) holds the query of this key
 * with its data (naming `containing`, when given): a row written before that answer arrived (an
 * older list, or a list naming the same id) is not enough, for a reload offline shows only the row.
 */
export async function untilQueriesPersisted(
  page: Page,
  queryKey: readonly string[],
  containing = '',
): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          ({ wanted, text }) =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('speedway-offline');
              open.onerror = () => resolve(false);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('query-rows')) return resolve(false);
                const all = db.transaction('query-rows').objectStore('query-rows').getAll();
                all.onsuccess = () => {
                  type Row = { queryHash: string; query: { state: { data?: unknown } } };
                  const rows = all.result as Row[];
                  db.close();
                  resolve(
                    rows.some(
                      (row) =>
                        row.queryHash === wanted &&
                        row.query.state.data !== undefined &&
                        JSON.stringify(row.query.state.data).includes(text),
                    ),
                  );
                };
                all.onerror = () => resolve(false);
              };
            }),
          { wanted: JSON.stringify(queryKey), text: containing },
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * The header's '{n} osynkade' badge, by its name ('{n} ändringar väntar på att skickas'): the app's
 * live region says the same words to a screen reader, so the text alone finds two elements.
 */
export function unsyncedBadge(page: Page, count?: number) {
  const name = 'ändringar väntar på att skickas';
  return page.getByRole('link', {
    name: count === undefined ? new RegExp(`^\\d+ ${name}$`) : `${count} ${name}`,
    exact: true,
  });
}
