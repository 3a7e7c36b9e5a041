import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render';
import { FakeEventSource, LIVE_TOKEN, makeSnapshot } from '../testing/live-data';

beforeAll(async () => {
  await import('@/app/routes/live');
}, 60_000);

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

const SNAPSHOT = `GET /api/live/${LIVE_TOKEN}`;

describe('the live page', () => {
  it('shows the score large, the last heat first and rider totals, without signing in', async () => {
    const network = stubFetch({ [SNAPSHOT]: { json: makeSnapshot(3) } });
    renderApp(`/live/${LIVE_TOKEN}`);
    const header = await screen.findByRole('banner');
    const snapshot = makeSnapshot(3);
    expect(header).toHaveTextContent(
      `Ställning: Hemmalaget ${snapshot.home_score}, Bortalaget ${snapshot.away_score}`,
    );
    expect(header).toHaveTextContent('Heat 3 av 15');
    const heats = within(screen.getByRole('region', { name: 'Heat' })).getAllByRole('heading', {
      level: 3,
    });
    expect(heats.map((h) => h.textContent)).toEqual(['Heat 3', 'Heat 2', 'Heat 1']);
    const riders = screen.getByRole('region', { name: 'Förarnas poäng' });
    expect(riders).toHaveTextContent(snapshot.riders[0]!.scorecard);
    // Sent without a session, and the stream of the same link opened.
    expect(network.calls[0]!.headers.get('authorization')).toBeNull();
    expect(FakeEventSource.latest().url).toBe(`/api/live/${LIVE_TOKEN}/events`);
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // Whose page this is, and the way into the app.
    expect(screen.getByRole('link', { name: 'Speedway Elitserien' })).toHaveAttribute('href', '/');
  });

  it('puts each heat the stream sends on top, and says when the link is gone', async () => {
    let gone = false;
    stubFetch({
      [SNAPSHOT]: () =>
        gone
          ? apiError(404, 'LIVE_LINK_NOT_FOUND', 'Länken är inte giltig längre.')
          : { json: makeSnapshot(1) },
    });
    renderApp(`/live/${LIVE_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Heat 1' })).toBeInTheDocument();
    const events = FakeEventSource.latest();
    act(() => events.open());
    expect(screen.getByText('Live', { exact: true })).toHaveAttribute('role', 'status');
    act(() => events.emit('snapshot', makeSnapshot(2), '3'));
    const heats = screen.getAllByRole('heading', { level: 3 });
    expect(heats[0]).toHaveTextContent('Heat 2');
    // An older snapshot (a late event) never replaces a newer one.
    act(() => events.emit('snapshot', makeSnapshot(1), '2'));
    expect(screen.getAllByRole('heading', { level: 3 })[0]).toHaveTextContent('Heat 2');

    gone = true;
    act(() => events.emit('gone', ''));
    expect(
      await screen.findByRole('heading', { name: 'Länken är inte giltig längre' }),
    ).toBeInTheDocument();
    expect(events.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('answers a link that was never valid with the same page, and offers a way on', async () => {
    stubFetch({
      [SNAPSHOT]: apiError(404, 'LIVE_LINK_NOT_FOUND', 'Länken är inte giltig längre.'),
    });
    renderApp(`/live/${LIVE_TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Länken är inte giltig längre' }),
    ).toBeInTheDocument();
    expect(FakeEventSource.opened).toHaveLength(0);
    expect(
      screen.getByText(/Delningen har avslutats, protokollet har tagits bort eller så finns/),
    ).toBeInTheDocument();
    // Not a dead end.
    expect(screen.getByRole('link', { name: 'Till Speedway Elitserien' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.getByRole('link', { name: 'Speedway Elitserien' })).toHaveAttribute('href', '/');
  });
});
