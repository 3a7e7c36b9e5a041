import type { MessageResponse } from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function forgotPassword(body: { email: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/password/forgot', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
