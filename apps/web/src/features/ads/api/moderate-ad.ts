import type { Ad, AdList } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adKeys } from './keys';

/** A super_admin's actions on an ad (spec 2 §4 Ads). */
export type AdAction = 'approve' | 'reject' | 'pause' | 'activate' | 'delete';

export async function moderateAd({ id, action }: { id: string; action: AdAction }): Promise<void> {
  const path = `/api/ads/${encodeURIComponent(id)}`;
  if (action === 'delete') await api.delete(path);
  else await api.post<Ad>(`${path}/${action}`);
}

/** Approve, reject, pause, activate or delete; the list is fetched again either way. */
export function useModerateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateAd,
    onSuccess: (_reply, { id, action }) => {
      if (action === 'delete') {
        queryClient.setQueryData<AdList>(adKeys.list(), (ads) => ads?.filter((ad) => ad.id !== id));
        queryClient.removeQueries({ queryKey: adKeys.detail(id) });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adKeys.list() }),
  });
}
