import type { Ad } from '@speedway/contracts';

export const AD_ID = '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b';

export function makeAd(overrides: Partial<Ad> = {}): Ad {
  return {
    id: AD_ID,
    title: 'Vårkampanj Vargarna',
    image_url: 'https://annonser.example/varkampanj.png',
    click_url: 'https://vargarna.example/biljetter',
    placement: null,
    start_date: '2026-05-01',
    end_date: '2026-05-31',
    package: 'bronze',
    club_slug: 'vargarna',
    status: 'active',
    moderation_status: 'pending',
    revision: 1,
    created_at: '2026-04-20T10:00:00Z',
    updated_at: '2026-04-20T10:00:00Z',
    impressions: 1200,
    clicks: 30,
    ctr: 0.025,
    ...overrides,
  };
}
