import type { MessageResponse } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

export function changePassword(body: {
  current_password: string;
  new_password: string;
}): Promise<MessageResponse> {
  return api.put<MessageResponse>('/api/account/password', body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // A new password ends every other session.
    onSuccess: () => queryClient.invalidateQueries(getSessionsQueryOptions()),
  });
}
