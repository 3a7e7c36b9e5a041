import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getAccountQueryOptions } from './get-account';

export type TwoFactorState = { message: string; two_factor_enabled: boolean };

export function confirmTwoFactor(body: { code: string }): Promise<TwoFactorState> {
  return api.post<TwoFactorState>('/api/account/2fa/verify', body);
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => queryClient.invalidateQueries(getAccountQueryOptions()),
  });
}
