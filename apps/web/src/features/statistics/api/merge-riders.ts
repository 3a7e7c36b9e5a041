import type { RiderIdentity } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { statsKeys } from './keys';

export type MergeRiders = {
  /** The identity that disappears: its entries move to `into`. */
  id: string;
  /** The identity that is kept. */
  into: string;
};

/**
 * POST /api/admin/riders/{id}/merge: the kept identity with every entry. 400 into itself, 404 an
 * unknown one, 409 CONFLICT when both stand in one match's line-ups (two people).
 */
export function mergeRiders({ id, into }: MergeRiders): Promise<RiderIdentity> {
  return api.post<RiderIdentity>(`/api/admin/riders/${encodeURIComponent(id)}/merge`, { into });
}

export function useMergeRiders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeRiders,
    // Every figure of the rider's seasons is counted again, and the list shows one identity less.
    // Not awaited: the caller's own onSuccess (its toast) runs first. The refetched list may no
    // longer hold the card that asked (a merged identity is gone), and a caller unmounted by then
    // would hear nothing.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: statsKeys.all }),
  });
}
