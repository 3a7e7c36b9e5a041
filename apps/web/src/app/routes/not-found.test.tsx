import { emptyTutorialState } from '@speedway/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render';

// An unknown path shows the 404 of the area it is in: under /admin inside the admin layout, with
// a way back to the overview and without the app's intro guide.
describe('not found', { timeout: 15_000 }, () => {
  it('under /admin: the admin layout, its own way back, and no intro guide', async () => {
    const who = { role: 'club_admin' as const, club_slug: 'vargarna' };
    signInAs('club_admin', who);
    const network = stubFetch({
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
    // The guides are loaded after the first paint: give them the time they would take.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(network.callsTo('GET /api/account/tutorials')).toHaveLength(0);
  });

  it("elsewhere: the app's 404 with the way to the start page", async () => {
    signInAs('user');
    stubFetch({
      'GET /api/account/me': { json: makeAccount() },
      'GET /api/account/tutorials': {
        json: { tutorial: { ...emptyTutorialState(), introCompleted: true } },
      },
    });
    renderApp('/finns-inte');
    await screen.findByRole('heading', { name: '404 – Sidan finns inte' });
    expect(screen.getByRole('link', { name: 'Till startsidan' })).toHaveAttribute('href', '/');
  });
});
