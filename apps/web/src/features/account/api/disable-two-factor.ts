import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TwoFactorState } from './confirm-two-factor';
import { getAccountQueryOptions } from './get-account';

export function disableTwoFactor(): Promise<TwoFactorState> {
  return api.post<TwoFactorState>('/api/account/2fa/disable');
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries(getAccountQueryOptions()),
  });
}
