import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signInAs } from '@/testing/data';
import { stubFetch } from '@/testing/fetch-stub';
import { NO_ANNOUNCEMENT } from '@/testing/layout-routes';
import { makeTeam } from '@/testing/protocol-data';
import { renderApp } from '@/testing/render';

// The admin area names a club by its team's name ('Indianerna'), never by its slug.
describe('/admin as a club_admin', { timeout: 15_000 }, () => {
  // The first visit transforms the admin chunks on the fly.
  beforeAll(async () => {
    await import('@/app/layouts/admin-layout');
    await import('./overview');
  }, 60_000);

  it('names their club by its name in the welcome and the quick info', async () => {
    const who = { role: 'club_admin' as const, club_slug: 'indianerna' };
    signInAs('club_admin', who);
    stubFetch({
      'GET /api/account/me': { json: makeAccount(who) },
      'GET /api/teams': {
        json: [makeTeam(), makeTeam({ slug: 'indianerna', name: 'Indianerna' })],
      },
    });
    renderApp('/admin');

    expect(
      await screen.findByText('Välkommen! Här hanterar du annonserna för Indianerna i appen.'),
    ).toBeInTheDocument();
    const club = screen.getByText('Klubb').nextElementSibling;
    expect(club).toHaveTextContent(/^Indianerna$/);
    expect(screen.queryByText(/indianerna/)).toBeNull();
  });

  it('falls back to the slug for a club no team has', async () => {
    const who = { role: 'club_admin' as const, club_slug: 'okand-klubb' };
    signInAs('club_admin', who);
    stubFetch({
      'GET /api/account/me': { json: makeAccount(who) },
      'GET /api/teams': { json: [makeTeam()] },
    });
    renderApp('/admin');
    expect(
      await screen.findByText('Välkommen! Här hanterar du annonserna för okand-klubb i appen.'),
    ).toBeInTheDocument();
  });
});

describe('/admin as a super_admin', { timeout: 15_000 }, () => {
  beforeAll(async () => {
    await import('@/app/layouts/admin-layout');
    await import('./overview');
  }, 60_000);

  it('keeps the announcement form in the left column on wide screens, clear of the toasts', async () => {
    signInAs('super_admin');
    stubFetch({
      'GET /api/account/me': { json: makeAccount({ role: 'super_admin' }) },
      'GET /api/system/announcement': { json: NO_ANNOUNCEMENT },
    });
    renderApp('/admin');
    const save = await screen.findByRole('button', { name: 'Spara meddelande' });
    // Toasts are 356 px wide at the bottom right (docs/spec/2-matches-protocols-admin.md §9): from
    // 768 px on, the left column of the two ends before them, so 'Spara meddelande' and the rest of
    // the form stay uncovered.
    const column = save.closest('[data-slot="announcement-column"]')!;
    expect(column).toHaveClass('md:col-start-1');
    const grid = column.parentElement!;
    expect(grid).toHaveClass('md:grid-cols-2');
    // Beside it, in the right column: the quick info.
    expect(column.nextElementSibling).toHaveTextContent(/^Snabbinfo/);
  });
});
