import type { PasswordConfirmBody } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TwoFactorState } from './confirm-two-factor';
import { getAccountQueryOptions } from './get-account';

export function disableTwoFactor(body: PasswordConfirmBody): Promise<TwoFactorState> {
  return api.post<TwoFactorState>('/api/account/2fa/disable', body);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries(getAccountQueryOptions()),
  });
}
