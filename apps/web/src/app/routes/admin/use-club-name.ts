import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getTeamsQueryOptions } from '@/features/teams/api/get-teams';

/**
 * A club's name for its slug, as the admin area shows it ('Indianerna', not 'indianerna'): the
 * name of the team with that slug; '' while the teams load; the slug itself when no team has it
 * (or the teams cannot be read), so that a club is never left unnamed. `enabled: false` when the
 * screen has no club to name (no request is made).
 */
export function useClubName({ enabled = true }: { enabled?: boolean } = {}): (
  slug: string,
) => string {
  const { data, isPending } = useQuery({ ...getTeamsQueryOptions(), enabled });
  return useCallback(
    (slug: string) => {
      if (data) return data.find((team) => team.slug === slug)?.name ?? slug;
      return isPending ? '' : slug;
    },
    [data, isPending],
  );
}
