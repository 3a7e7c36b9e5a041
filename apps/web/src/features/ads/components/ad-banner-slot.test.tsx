import type { AdSelection } from '@speedway/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { fakeImageLoading, fakeIntersectionObserver } from '../testing/browser-fakes';
import { AdBannerSlot } from './ad-banner-slot';

const AD: AdSelection = {
  id: '7b0e6c8e-7a4f-4f67-9a43-1d6f0c1f3a01',
  title: 'Vargarnas sponsor',
  image_url: 'https://annonser.example/v.png',
  click_url: 'https://klubb.example/',
  club_slug: 'vargarna',
  placement: 'protocol-bottom',
  impression_token: 'v',
  click_token: 'k',
};
const SHOWN_KEY = 'speedway.ad-slot-shown.protocol-bottom';

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

/** The slot as the protocol page holds it: one item among others in a grid. */
function renderSlot() {
  const view = render(
    <div className="grid gap-4">
      <AdBannerSlot placement="protocol-bottom" homeTeamId={null} awayTeamId="borta" />
    </div>,
  );
  return view.container.querySelector<HTMLElement>('[data-slot="banner-ad"]')!;
}

it('reserves 320×60 from the start where an ad was shown last time, and loads the banner only within 100 px of the viewport', async () => {
  localStorage.setItem(SHOWN_KEY, 'on');
  const network = stubFetch({ 'POST /api/ads/select': { json: AD } });
  fakeImageLoading();
  const viewport = fakeIntersectionObserver();
  const slot = renderSlot();
  expect(slot).toHaveClass('h-[60px]', 'max-w-[320px]');
  expect(slot).not.toHaveClass('hidden');
  expect(slot).toHaveAttribute('data-placement', 'protocol-bottom');
  expect(slot).toBeEmptyDOMElement();
  expect(viewport.rootMargins()).toEqual(['100px']);
  expect(network.calls).toHaveLength(0);

  act(() => viewport.near(true));
  expect(await screen.findByRole('img', { name: 'Vargarnas sponsor' })).toBeInTheDocument();
  expect(network.callsTo('POST /api/ads/select')[0]?.body).toEqual({
    placement: 'protocol-bottom',
    homeTeamId: null,
    awayTeamId: 'borta',
  });
});

it('takes no room while no ad fits (no empty band), and opens for an ad that fits later', async () => {
  vi.useFakeTimers();
  let ad: AdSelection | null = null;
  const network = stubFetch({
    'POST /api/ads/select': () => (ad ? { json: ad } : { status: 204 }),
  });
  fakeImageLoading();
  const viewport = fakeIntersectionObserver();
  const slot = renderSlot();
  // Nothing known on this device: no room taken from the first paint.
  expect(slot).toHaveClass('hidden');
  expect(slot).not.toHaveClass('h-[60px]');

  // The page it sits on stands in for the collapsed slot.
  await act(async () => {
    viewport.near(true);
    await vi.advanceTimersByTimeAsync(0);
  });
  expect(network.callsTo('POST /api/ads/select')).toHaveLength(1);
  expect(slot).toHaveClass('hidden');
  expect(localStorage.getItem(SHOWN_KEY)).toBeNull();

  ad = AD;
  await act(() => vi.advanceTimersByTimeAsync(25_000));
  expect(network.callsTo('POST /api/ads/select')).toHaveLength(2);
  expect(slot).not.toHaveClass('hidden');
  expect(slot).toHaveClass('h-[60px]');
  expect(screen.getByRole('img', { name: 'Vargarnas sponsor' })).toBeInTheDocument();
  expect(localStorage.getItem(SHOWN_KEY)).toBe('on');

  // The ad is gone at the next refresh: the slot gives its room back, and remembers.
  ad = null;
  await act(() => vi.advanceTimersByTimeAsync(25_000));
  expect(slot).toHaveClass('hidden');
  expect(localStorage.getItem(SHOWN_KEY)).toBeNull();
});
