import { emptyTutorialState } from '@speedway/contracts';
import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { makeAccount, signInAs } from '@/testing/data';
import { stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { renderApp } from '@/testing/render';

// The guides' chunk, from the module cache in the tests: React.lazy then loads it at once.
beforeAll(async () => {
  await import('@/features/tutorials/components/tutorial-host');
}, 60_000);

/**
 * Until the guides would have asked for the tutorial state, where the layout has them: they mount
 * after the first paint (tutorials-mount.tsx) and then load their chunk, which asks at once.
 */
async function untilGuidesCouldAsk() {
  // A task after the first paint, queued after the layout's own.
  await act(() => new Promise<void>((resolve) => afterFirstPaint(resolve)));
  // The chunk React.lazy asked for then, and the render it lets go on.
  await act(async () => {
    await import('@/features/tutorials/components/tutorial-host');
  });
}

// An unknown path shows the 404 of the area it is in: under /admin inside the admin layout, with
// a way back to the overview and without the app's intro guide.
describe('not found', { timeout: 15_000 }, () => {
  it('under /admin: the admin layout, its own way back, and no intro guide', async () => {
    const who = { role: 'club_admin' as const, club_slug: 'vargarna' };
    signInAs('club_admin', who);
    const network = stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': { json: makeAccount(who) },
      // A first-time user: the app's pages would open the intro guide over the page.
      'GET /api/account/tutorials': { json: { tutorial: emptyTutorialState() } },
    });
    renderApp('/admin/finns-inte');

    const heading = await screen.findByRole('heading', { name: '404 – Sidan finns inte' });
    expect(screen.getByRole('navigation', { name: 'Adminmeny' })).toBeInTheDocument();
    const main = heading.closest('main')!;
    expect(within(main).getByRole('link', { name: 'Till översikten' })).toHaveAttribute(
      'href',
      '/admin',
    );
    await untilGuidesCouldAsk();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(network.callsTo('GET /api/account/tutorials')).toHaveLength(0);
  });

  it("elsewhere: the app's 404 with the way to the start page", async () => {
    signInAs('user');
    const network = stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': { json: makeAccount() },
      'GET /api/account/tutorials': {
        json: { tutorial: { ...emptyTutorialState(), introCompleted: true } },
      },
    });
    renderApp('/finns-inte');
    await screen.findByRole('heading', { name: '404 – Sidan finns inte' });
    expect(screen.getByRole('link', { name: 'Till startsidan' })).toHaveAttribute('href', '/');
    // Here the guides come, and have asked for their state by the time the admin test looks.
    await untilGuidesCouldAsk();
    expect(network.callsTo('GET /api/account/tutorials')).toHaveLength(1);
  });
});
