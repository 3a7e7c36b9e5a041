import type { Ad, AdSelection, AdPlacement } from '@speedway/contracts';
import type { AdWithStats } from './ads.repository';
import type { SelectableAd } from './ad-selection';

const CTR_DECIMALS = 4;

export function toAd(row: AdWithStats): Ad {
  const factor = 10 ** CTR_DECIMALS;
  return {
    id: row.id,
    title: row.title,
    image_url: row.imageUrl,
    click_url: row.clickUrl,
    placement: row.placement,
    start_date: row.startDate,
    end_date: row.endDate,
    package: row.package,
    club_slug: row.clubSlug,
    status: row.status,
    moderation_status: row.moderationStatus,
    revision: row.revision,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    impressions: row.impressions,
    clicks: row.clicks,
    ctr: row.impressions > 0 ? Math.round((row.clicks / row.impressions) * factor) / factor : null,
  };
}

export function toSelection(
  ad: SelectableAd,
  placement: AdPlacement,
  tokens: { impression: string; click: string },
): AdSelection {
  return {
    id: ad.id,
    title: ad.title,
    image_url: ad.imageUrl,
    click_url: ad.clickUrl,
    club_slug: ad.clubSlug,
    placement,
    impression_token: tokens.impression,
    click_token: tokens.click,
  };
}
