import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AuthSession } from '@/lib/auth';
import { toSession } from './login';

export const UNEXPECTED_TWO_FACTOR_REPLY = 'Oväntat svar från servern vid 2FA-verifiering.';

/** The app's 6-digit code, or one of the account's recovery codes (used up). */
export type TwoFactorLoginBody =
  { ticket: string; code: string } | { ticket: string; recovery_code: string };

export async function verifyTwoFactorLogin(body: TwoFactorLoginBody): Promise<AuthSession> {
  const reply = await api.post<unknown>('/api/auth/2fa/verify', body);
  return toSession(reply, UNEXPECTED_TWO_FACTOR_REPLY);
}

export function useVerifyTwoFactorLogin() {
  return useMutation({ mutationFn: verifyTwoFactorLogin });
}
