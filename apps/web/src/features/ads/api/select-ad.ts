import type { AdSelectBody, AdSelection } from '@speedway/contracts';
import { requestRaw } from '@/lib/api-client';

/** POST /api/ads/select: the ad for one banner slot, or null when none fits (204). */
export async function selectAd(
  body: AdSelectBody,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdSelection | null> {
  const response = await requestRaw('/api/ads/select', { method: 'POST', body, signal });
  if (response.status === 204) return null;
  return (await response.json()) as AdSelection;
}
