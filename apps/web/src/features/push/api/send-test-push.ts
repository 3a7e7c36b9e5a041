import type { PushTestResponse } from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function sendTestPush(): Promise<PushTestResponse> {
  return api.post<PushTestResponse>('/api/account/push/test');
}

export function useSendTestPush() {
  return useMutation({ mutationFn: sendTestPush });
}
