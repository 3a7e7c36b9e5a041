import { ErrorCodes, type Ad, type AdApproveBody, type AdList } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { adKeys } from './keys';

/** A super_admin's actions on an ad (docs/spec/2-matches-protocols-admin.md §4 Ads). */
export type AdAction = 'approve' | 'reject' | 'pause' | 'activate' | 'delete';

/** The ad acted on, as the screen showed it: an approval names the revision that was reviewed. */
export type ModerateAdVariables = { ad: Pick<Ad, 'id' | 'revision'>; action: AdAction };

export async function moderateAd({ ad, action }: ModerateAdVariables): Promise<void> {
  const path = `/api/ads/${encodeURIComponent(ad.id)}`;
  if (action === 'delete') await api.delete(path);
  else if (action === 'approve') {
    await api.post<Ad>(`${path}/approve`, { revision: ad.revision } satisfies AdApproveBody);
  } else await api.post<Ad>(`${path}/${action}`);
}

/** The server refused an approval because the ad was changed after the screen showed it. */
export function isAdChanged(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCodes.AD_CHANGED;
}

/** Approve, reject, pause, activate or delete; the ads are fetched again either way. */
export function useModerateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateAd,
    onSuccess: (_reply, { ad, action }) => {
      if (action === 'delete') {
        queryClient.setQueryData<AdList>(adKeys.list(), (ads) =>
          ads?.filter((a) => a.id !== ad.id),
        );
        queryClient.removeQueries({ queryKey: adKeys.detail(ad.id) });
      }
    },
    // The list, and the ad's own page: after a refused approval they show the changed ad.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adKeys.all }),
  });
}
