import type { Ad, AdFormBody } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adKeys } from './keys';

export function updateAd({ id, body }: { id: string; body: AdFormBody }): Promise<Ad> {
  return api.put<Ad>(`/api/ads/${encodeURIComponent(id)}`, body);
}

export function useUpdateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAd,
    onSuccess: (ad) => {
      queryClient.setQueryData(adKeys.detail(ad.id), ad);
      return queryClient.invalidateQueries({ queryKey: adKeys.list() });
    },
  });
}
