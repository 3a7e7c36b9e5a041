import type { AdList } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adKeys } from './keys';

export function getAds({ signal }: { signal?: AbortSignal } = {}): Promise<AdList> {
  return api.get<AdList>('/api/ads', { signal });
}

/**
 * The admin area's query defaults (docs/spec/2-matches-protocols-admin.md §9) are the app's: 5 min
 * fresh, one retry.
 */
export function getAdsQueryOptions() {
  return queryOptions({ queryKey: adKeys.list(), queryFn: ({ signal }) => getAds({ signal }) });
}

/** A club_admin's own club's ads; every ad for a super_admin (the server filters). */
export function useAds() {
  return useQuery(getAdsQueryOptions());
}
