import type { PasswordConfirmBody, TwoFactorSetup } from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Starts the setup behind the password: a new secret and its QR code; nothing is switched on
 * until it is confirmed.
 */
export function enableTwoFactor(body: PasswordConfirmBody): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/api/account/2fa/enable', body);
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
