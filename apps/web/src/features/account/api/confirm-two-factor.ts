import type { TwoFactorEnabledResponse } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getAccountQueryOptions } from './get-account';

export type TwoFactorState = { message: string; two_factor_enabled: boolean };

/** The first code turns 2FA on; the reply carries the recovery codes, shown this once. */
export function confirmTwoFactor(body: { code: string }): Promise<TwoFactorEnabledResponse> {
  return api.post<TwoFactorEnabledResponse>('/api/account/2fa/verify', body);
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => queryClient.invalidateQueries(getAccountQueryOptions()),
  });
}
