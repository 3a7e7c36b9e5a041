import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes, startPageRoutes } from '@/testing/layout-routes';
import { makeMatchSummary } from '@/testing/protocol-data';
import { renderApp } from '@/testing/render';

// The page loads on first use; transformed here, outside the tests' time limits (the machine is
// shared).
beforeAll(async () => {
  await Promise.all([import('@/app/routes/home')]);
}, 60_000);

function home(matches: Parameters<typeof stubFetch>[0][string]) {
  signInAs();
  stubFetch({
    ...layoutRoutes(),
    ...startPageRoutes(),
    'GET /api/matches': matches,
  });
  renderApp('/');
  return userEvent.setup();
}

describe("the home page's 'Mina matcher' tab", () => {
  it("says 'Kunde inte ladda matcher.' when the protocols cannot be loaded (docs/spec/2-matches-protocols-admin.md §8)", async () => {
    const user = home(apiError(500, 'INTERNAL_ERROR', 'Fel'));
    await user.click(await screen.findByRole('tab', { name: 'Mina matcher' }));
    expect(await screen.findByText('Kunde inte ladda matcher.')).toBeInTheDocument();
  });

  it('lists the protocols with their teams, heats and score', async () => {
    const user = home({ json: [makeMatchSummary({ heatsDone: 3 })] });
    await user.click(await screen.findByRole('tab', { name: 'Mina matcher' }));
    const row = await screen.findByRole('link', { name: /Hemmalaget – Bortalaget/ });
    expect(row).toHaveTextContent('3/15 heat');
  });
});
