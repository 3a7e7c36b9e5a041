import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { fakeImageLoading, fakeIntersectionObserver } from '../testing/browser-fakes';
import { AdBannerSlot } from './ad-banner-slot';

it('reserves 320×60 from the start and loads the banner only within 100 px of the viewport', async () => {
  const network = stubFetch({
    'POST /api/ads/select': {
      json: {
        id: '7b0e6c8e-7a4f-4f67-9a43-1d6f0c1f3a01',
        title: 'Vargarnas sponsor',
        image_url: 'https://annonser.example/v.png',
        click_url: 'https://klubb.example/',
        club_slug: 'vargarna',
        placement: 'protocol-bottom',
        impression_token: 'v',
        click_token: 'k',
      },
    },
  });
  fakeImageLoading();
  const viewport = fakeIntersectionObserver();
  const { container } = render(
    <AdBannerSlot placement="protocol-bottom" homeTeamId={null} awayTeamId="borta" />,
  );
  const slot = container.querySelector('[data-slot="banner-ad"]');
  expect(slot).toHaveClass('h-[60px]', 'max-w-[320px]');
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
