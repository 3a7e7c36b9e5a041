import type { AdSelection } from '@speedway/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import {
  fakeImageLoading,
  fakeIntersectionObserver,
  fakePageVisibility,
} from '../testing/browser-fakes';
import { BannerAd, type BannerAdProps } from './banner-ad';

const AD_ID = '7b0e6c8e-7a4f-4f67-9a43-1d6f0c1f3a01';

function selection(n: number, overrides: Partial<AdSelection> = {}): AdSelection {
  return {
    id: AD_ID,
    title: `Annons ${n}`,
    image_url: `https://annonser.example/${n}.png`,
    click_url: `https://klubb.example/${n}`,
    club_slug: 'vargarna',
    placement: 'protocol-top',
    impression_token: `visning-${n}`,
    click_token: `klick-${n}`,
    ...overrides,
  };
}

/** Lets timers run and the fetches and image loads they start settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setup({
  replies,
}: {
  replies: (n: number) => ReturnType<typeof selection> | 'none' | 'fail';
}) {
  let served = 0;
  const network = stubFetch({
    'POST /api/ads/select': () => {
      served += 1;
      const reply = replies(served);
      if (reply === 'none') return { status: 204 };
      if (reply === 'fail') return apiError(500, 'INTERNAL_ERROR', 'Serverfel');
      return { json: reply };
    },
  });
  const slot = document.createElement('div');
  const viewport = fakeIntersectionObserver();
  const setVisibility = fakePageVisibility();
  const props: BannerAdProps = {
    placement: 'protocol-top',
    homeTeamId: 'hemma-lag',
    awayTeamId: 'borta-lag',
    slot,
    near: false,
  };
  const view = render(<BannerAd {...props} />);
  const rerender = (next: Partial<BannerAdProps>) => {
    Object.assign(props, next);
    view.rerender(<BannerAd {...props} />);
  };
  const selects = () => network.callsTo('POST /api/ads/select').length;
  return { network, viewport, setVisibility, rerender, selects, view };
}

describe('BannerAd', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fakeImageLoading();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches nothing until the slot is near the viewport, then shows the ad', async () => {
    const { rerender, selects, network } = setup({ replies: (n) => selection(n) });
    await advance(60_000);
    expect(selects()).toBe(0);
    expect(screen.queryByRole('link')).toBeNull();

    rerender({ near: true });
    await advance(0);
    expect(selects()).toBe(1);
    expect(network.calls[0]?.body).toEqual({
      placement: 'protocol-top',
      homeTeamId: 'hemma-lag',
      awayTeamId: 'borta-lag',
    });
    expect(screen.getByRole('img', { name: 'Annons 1' })).toHaveAttribute(
      'src',
      'https://annonser.example/1.png',
    );
  });

  it('refreshes every 15 s at the top of the protocol and every 25 s at the bottom', async () => {
    const top = setup({ replies: (n) => selection(n) });
    top.rerender({ near: true });
    await advance(0);
    await advance(14_999);
    expect(top.selects()).toBe(1);
    await advance(1);
    expect(top.selects()).toBe(2);
    expect(screen.getByRole('img', { name: 'Annons 2' })).toBeInTheDocument();
    await advance(15_000);
    expect(screen.getByRole('img', { name: 'Annons 3' })).toBeInTheDocument();
    top.view.unmount();

    const bottom = setup({ replies: (n) => selection(n, { placement: 'protocol-bottom' }) });
    bottom.rerender({ placement: 'protocol-bottom', near: true });
    await advance(15_000);
    expect(bottom.selects()).toBe(1);
    await advance(10_000);
    expect(bottom.selects()).toBe(2);
  });

  it('neither fetches nor swaps while the tab is hidden or the slot is scrolled away', async () => {
    const { rerender, selects, setVisibility } = setup({ replies: (n) => selection(n) });
    rerender({ near: true });
    await advance(0);
    act(() => setVisibility('hidden'));
    await advance(60_000);
    expect(selects()).toBe(1);
    expect(screen.getByRole('img', { name: 'Annons 1' })).toBeInTheDocument();

    // Back in the tab long after the refresh was due: the next ad comes at once.
    act(() => setVisibility('visible'));
    await advance(0);
    expect(selects()).toBe(2);
    expect(screen.getByRole('img', { name: 'Annons 2' })).toBeInTheDocument();

    rerender({ near: false });
    await advance(60_000);
    expect(selects()).toBe(2);
    rerender({ near: true });
    await advance(0);
    expect(selects()).toBe(3);
  });

  it('never swaps sooner than 10 s after the last swap, even when asked to fetch again', async () => {
    const { rerender, selects } = setup({ replies: (n) => selection(n) });
    rerender({ near: true });
    await advance(3_000);
    // Another match on the same page: fetched at once, shown only 10 s after the first ad.
    rerender({ awayTeamId: 'annat-lag' });
    await advance(0);
    expect(selects()).toBe(2);
    expect(screen.getByRole('img', { name: 'Annons 1' })).toBeInTheDocument();
    await advance(6_999);
    expect(screen.getByRole('img', { name: 'Annons 1' })).toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('img', { name: 'Annons 2' })).toBeInTheDocument();
    // The next refresh counts from that swap.
    await advance(14_999);
    expect(selects()).toBe(2);
    await advance(1);
    expect(selects()).toBe(3);
  });

  it('shows a skeleton while loading, nothing when no ad fits, the error text when the call fails', async () => {
    const replies = ['none', 'fail', 'fail'] as const;
    const { rerender, view } = setup({ replies: (n) => replies[n - 1] ?? selection(n) });
    expect(view.container.querySelector('[data-slot="skeleton"]')).not.toBeNull();
    rerender({ near: true });
    await advance(0);
    expect(view.container).toBeEmptyDOMElement();
    await advance(15_000);
    expect(screen.getByText('Kunde inte hämta annons')).toBeInTheDocument();
    // A failed fetch is tried again at the next refresh.
    await advance(15_000);
    expect(screen.getByText('Kunde inte hämta annons')).toBeInTheDocument();
    await advance(15_000);
    expect(screen.getByRole('img', { name: 'Annons 4' })).toBeInTheDocument();
  });

  it('asks again as soon as the network is back, instead of keeping the error text', async () => {
    const { rerender, selects } = setup({ replies: (n) => (n === 1 ? 'fail' : selection(n)) });
    rerender({ near: true });
    await advance(0);
    expect(screen.getByText('Kunde inte hämta annons')).toBeInTheDocument();
    await advance(3_000);
    expect(selects()).toBe(1);
    act(() => void window.dispatchEvent(new Event('online')));
    await advance(0);
    expect(selects()).toBe(2);
    expect(screen.getByRole('img', { name: 'Annons 2' })).toBeInTheDocument();
    expect(screen.queryByText('Kunde inte hämta annons')).toBeNull();
    // Back online with an ad on show, nothing is fetched before its refresh.
    act(() => void window.dispatchEvent(new Event('online')));
    await advance(0);
    expect(selects()).toBe(2);
  });

  it('keeps the ad on show when a refresh fails', async () => {
    const { rerender } = setup({ replies: (n) => (n === 2 ? 'fail' : selection(n)) });
    rerender({ near: true });
    await advance(15_000);
    expect(screen.getByRole('img', { name: 'Annons 1' })).toBeInTheDocument();
    expect(screen.queryByText('Kunde inte hämta annons')).toBeNull();
  });

  it('shows the title instead of a broken image', async () => {
    const { rerender } = setup({
      replies: (n) => selection(n, { image_url: 'https://annonser.example/broken.png' }),
    });
    rerender({ near: true });
    await advance(0);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: /Annons 1/ })).toHaveTextContent('Annons 1');
  });

  it('opens the ad in a new tab and counts the click once with a beacon', async () => {
    const sendBeacon = vi.fn((_url: string, _body: string) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    const { rerender } = setup({ replies: (n) => selection(n) });
    rerender({ near: true });
    await advance(0);
    const link = screen.getByRole('link', { name: /Annons 1/ });
    expect(link).toHaveAttribute('href', 'https://klubb.example/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer sponsored');
    link.addEventListener('click', (event) => event.preventDefault());
    act(() => link.click());
    act(() => link.click());
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('/api/ads/click');
    expect(JSON.parse(body)).toEqual({ id: AD_ID, placement: 'protocol-top', token: 'klick-1' });
  });

  it('falls back to a keep-alive fetch when there is no beacon', async () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
    const { rerender, network } = setup({ replies: (n) => selection(n) });
    rerender({ near: true });
    await advance(0);
    const clicks: RequestInit[] = [];
    const select = network.fetchMock.getMockImplementation()!;
    network.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/ads/click')) {
        clicks.push(init ?? {});
        return new Response(JSON.stringify({ counted: true }), { status: 200 });
      }
      return select(input, init);
    });
    const link = screen.getByRole('link', { name: /Annons 1/ });
    link.addEventListener('click', (event) => event.preventDefault());
    act(() => link.click());
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(clicks[0]?.body))).toMatchObject({ token: 'klick-1' });
  });

  it('counts an impression only after the banner was half visible for 1 s in a visible tab', async () => {
    const sendBeacon = vi.fn((_url: string, _body: string) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    const { rerender, viewport, setVisibility } = setup({ replies: (n) => selection(n) });
    rerender({ near: true });
    await advance(0);
    const impressions = () =>
      sendBeacon.mock.calls.filter((call) => String(call[0]).endsWith('/impression'));

    act(() => viewport.inView(0.4));
    await advance(5_000);
    expect(impressions()).toHaveLength(0);

    act(() => viewport.inView(0.6));
    await advance(600);
    act(() => viewport.inView(0.2)); // scrolled away before the second was up
    await advance(2_000);
    expect(impressions()).toHaveLength(0);

    act(() => viewport.inView(1));
    await advance(500);
    act(() => setVisibility('hidden'));
    await advance(2_000);
    expect(impressions()).toHaveLength(0);

    act(() => setVisibility('visible'));
    await advance(999);
    expect(impressions()).toHaveLength(0);
    await advance(1);
    expect(impressions()).toHaveLength(1);
    expect(JSON.parse(String(impressions()[0]?.[1]))).toEqual({
      id: AD_ID,
      placement: 'protocol-top',
      token: 'visning-1',
    });
    // Once per ad shown; the next ad is a new impression.
    await advance(2_000);
    expect(impressions()).toHaveLength(1);
    await advance(15_000);
    act(() => viewport.inView(1));
    await advance(1_000);
    expect(impressions()).toHaveLength(2);
    expect(JSON.parse(String(impressions()[1]?.[1]))).toMatchObject({ token: 'visning-2' });
  });
});
