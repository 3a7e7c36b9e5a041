import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

export function revokeOtherSessions(): Promise<{ message: string; revoked?: number }> {
  return api.delete('/api/account/sessions', { scope: 'others' });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries(getSessionsQueryOptions()),
  });
}
