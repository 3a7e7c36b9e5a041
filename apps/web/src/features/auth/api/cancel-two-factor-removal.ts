import type { MessageResponse } from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The link in the mail about a pending removal of 2FA: cancels it, and 2FA stays. */
export function cancelTwoFactorRemoval(body: { token: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/2fa/removal/cancel', body);
}

export function useCancelTwoFactorRemoval() {
  return useMutation({ mutationFn: cancelTwoFactorRemoval });
}
