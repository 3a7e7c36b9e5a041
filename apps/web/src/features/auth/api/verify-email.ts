import type { MessageResponse } from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function verifyEmail(body: { token: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/verify-email', body);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
