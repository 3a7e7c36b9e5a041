import type { RiderIdentity } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { statsKeys } from './keys';

export type SplitRider = {
  /** The identity the entry leaves. */
  id: string;
  /** The squad rider (riders.id) of the entry. */
  entry_id: string;
  season: number | null;
};

/**
 * POST /api/admin/riders/{id}/split: the new identity, named as the entry's squad rider. 404 an
 * entry the identity does not have, 409 CONFLICT its only entry.
 */
export function splitRider({ id, entry_id, season }: SplitRider): Promise<RiderIdentity> {
  return api.post<RiderIdentity>(`/api/admin/riders/${encodeURIComponent(id)}/split`, {
    entry_id,
    season,
  });
}

export function useSplitRider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: splitRider,
    // The entry's heats leave the rider's figures for a rider of their own.
    // Not awaited: the caller's own onSuccess (its toast) runs first. The refetched list may no
    // longer hold the card that asked (a merged identity is gone), and a caller unmounted by then
    // would hear nothing.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: statsKeys.all }),
  });
}
