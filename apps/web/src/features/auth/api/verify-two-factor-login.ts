import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AuthSession } from '@/lib/auth';
import { toSession } from './login';

export const UNEXPECTED_TWO_FACTOR_REPLY = 'Oväntat svar från servern vid 2FA-verifiering.';

export async function verifyTwoFactorLogin(body: {
  ticket: string;
  code: string;
}): Promise<AuthSession> {
  const reply = await api.post<unknown>('/api/auth/2fa/verify', body);
  return toSession(reply, UNEXPECTED_TWO_FACTOR_REPLY);
}

export function useVerifyTwoFactorLogin() {
  return useMutation({ mutationFn: verifyTwoFactorLogin });
}
