import { emptyTutorialState } from '@speedway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardFigures } from '@/features/dashboard/lib/figures';
import {
  makeProtocolSummary,
  makeSavedSummary,
} from '@/features/saved-matches/testing/saved-match-data';
import { makeAccount, signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { dayAt, makeOfficialMatch } from '@/testing/protocol-data';
import { renderApp } from '@/testing/render';

// The pages load on first use; transformed here, outside the tests' time limits (the machine is
// shared).
beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/dashboard'),
    import('@/features/tutorials/components/tutorial-host'),
  ]);
}, 60_000);

const stat = (label: string) => screen.getByRole('group', { name: label });

describe('dashboard figures', () => {
  it('counts protocols kept and confirmed, saved ones by comparison, and follows', () => {
    const figures = dashboardFigures({
      protocols: [
        makeProtocolSummary({ status: 'live' }),
        makeProtocolSummary({ status: 'upcoming' }),
        makeProtocolSummary({ status: 'confirmed' }),
      ],
      saved: [
        makeSavedSummary({ status: 'validated' }),
        makeSavedSummary({ status: 'validated' }),
        makeSavedSummary({ status: 'disputed' }),
        makeSavedSummary({ status: 'complete' }),
      ],
      follows: [{}, {}],
      upcoming: [],
    });
    expect(figures).toEqual({
      protocols: { total: 3, inProgress: 2, confirmed: 1 },
      saved: { total: 4, validated: 2, disputed: 1, awaiting: 1 },
      followed: 2,
      upcoming: { count: 0, next: null },
    });
    expect(
      dashboardFigures({ protocols: null, saved: null, follows: null, upcoming: null }),
    ).toEqual({ protocols: null, saved: null, followed: null, upcoming: null });
  });
});

describe('/dashboard', () => {
  it('shows the three cards and the user’s own figures', async () => {
    const user = signInAs();
    const next = makeOfficialMatch({
      home_team: 'Lejonen',
      away_team: 'Smederna',
      start: dayAt(2, 18),
    });
    stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': { json: makeAccount(user) },
      'GET /api/matches': {
        json: [
          makeProtocolSummary({ status: 'live' }),
          makeProtocolSummary({ status: 'confirmed' }),
        ],
      },
      'GET /api/user/matches': {
        json: [
          makeSavedSummary({ status: 'validated' }),
          makeSavedSummary({ status: 'disputed' }),
          makeSavedSummary({ status: 'disputed' }),
        ],
      },
      'GET /api/follows': { json: [{ ...next, followed: true, followed_at: dayAt(0, 9) }] },
      'GET /api/official-matches': {
        json: [makeOfficialMatch({ start: dayAt(-3, 18) }), next],
      },
      'GET /api/account/tutorials': {
        json: { tutorial: { ...emptyTutorialState(), introCompleted: true } },
      },
    });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Genvägar' });
    expect(within(cards).getByRole('link', { name: /Starta match/ })).toHaveAttribute(
      'href',
      '/matches',
    );
    expect(within(cards).getByRole('link', { name: /Mina protokoll/ })).toHaveAttribute(
      'href',
      '/my-matches',
    );
    expect(within(cards).getByRole('link', { name: /Kommande matcher/ })).toHaveAttribute(
      'href',
      '/matches',
    );
    await waitFor(() =>
      expect(within(cards).getByRole('link', { name: /Mina protokoll/ })).toHaveTextContent(
        '1 pågående · 3 sparade',
      ),
    );
    expect(within(cards).getByRole('link', { name: /Kommande matcher/ })).toHaveTextContent(
      'Nästa: Lejonen – Smederna',
    );
    expect(stat('Protokoll')).toHaveTextContent('2');
    expect(stat('Sparade')).toHaveTextContent('3');
    expect(stat('Validerade')).toHaveTextContent('12 med avvikelse');
    expect(stat('Bevakade matcher')).toHaveTextContent('1');
    expect(screen.getByText('Avvikelse').nextSibling).toHaveTextContent('2');
  });

  it('says what it could not load', async () => {
    const user = signInAs();
    stubFetch({
      ...layoutRoutes(),
      'GET /api/account/me': { json: makeAccount(user) },
      'GET /api/matches': apiError(404, 'NOT_FOUND', 'x'),
      'GET /api/user/matches': apiError(404, 'NOT_FOUND', 'x'),
      'GET /api/follows': apiError(404, 'NOT_FOUND', 'x'),
      'GET /api/official-matches': { json: [] },
      'GET /api/account/tutorials': {
        json: { tutorial: { ...emptyTutorialState(), introCompleted: true } },
      },
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Kunde inte ladda dina matcher.')).toBeInTheDocument();
    expect(stat('Protokoll')).toHaveTextContent('–');
    expect(screen.getByRole('link', { name: /Kommande matcher/ })).toHaveTextContent(
      'Inga kommande officiella matcher.',
    );
  });
});
