import type { MessageResponse, RegisterBody } from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function register(body: RegisterBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
