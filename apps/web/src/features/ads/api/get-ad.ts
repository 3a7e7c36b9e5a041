import type { Ad } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adKeys } from './keys';

export function getAd(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Ad> {
  return api.get<Ad>(`/api/ads/${encodeURIComponent(id)}`, { signal });
}

export function getAdQueryOptions(id: string) {
  return queryOptions({
    queryKey: adKeys.detail(id),
    queryFn: ({ signal }) => getAd(id, { signal }),
  });
}

export function useAd(id: string) {
  return useQuery(getAdQueryOptions(id));
}
