import type { MessageResponse } from '@speedway/contracts';
import { api } from '@/lib/api-client';

/**
 * Ends the session on the server too. Sent with the token that was just forgotten locally, and
 * its 401 (session already gone) must not start a second sign-out.
 */
export function logout(token: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/logout', undefined, {
    token,
    handleUnauthorized: false,
  });
}
