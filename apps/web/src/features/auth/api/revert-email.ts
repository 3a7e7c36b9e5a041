import type { MessageResponse } from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The link mailed to the old address after an e-mail change: undoes it and ends every session. */
export function revertEmail(body: { token: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/email/revert', body);
}

export function useRevertEmail() {
  return useMutation({ mutationFn: revertEmail });
}
