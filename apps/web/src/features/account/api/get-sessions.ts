import type { Session } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getSessions({ signal }: { signal?: AbortSignal } = {}): Promise<Session[]> {
  return api.get<Session[]>('/api/account/sessions', { signal });
}

export function getSessionsQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: ({ signal }) => getSessions({ signal }),
  });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
