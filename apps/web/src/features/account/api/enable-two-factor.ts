import type { TwoFactorSetup } from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Starts the setup: a new secret and its QR code; nothing is switched on until it is confirmed. */
export function enableTwoFactor(): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/api/account/2fa/enable');
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
