import type { MessageResponse } from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resetPassword(body: {
  token: string;
  new_password: string;
}): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/password/reset', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
