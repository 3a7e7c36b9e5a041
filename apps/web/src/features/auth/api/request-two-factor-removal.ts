import type { MessageResponse } from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * 'Jag har inte tillgång till min autentiseringsapp': 2FA is removed after a delay, and the
 * account's address is mailed at once with a link that cancels. Uses the login ticket up.
 */
export function requestTwoFactorRemoval(body: { ticket: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/2fa/removal', body);
}

export function useRequestTwoFactorRemoval() {
  return useMutation({ mutationFn: requestTwoFactorRemoval });
}
