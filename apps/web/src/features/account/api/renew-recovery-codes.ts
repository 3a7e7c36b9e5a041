import type { PasswordConfirmBody, RecoveryCodesResponse } from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** New recovery codes behind the password; the old ones stop working. */
export function renewRecoveryCodes(body: PasswordConfirmBody): Promise<RecoveryCodesResponse> {
  return api.post<RecoveryCodesResponse>('/api/account/2fa/recovery-codes', body);
}

export function useRenewRecoveryCodes() {
  return useMutation({ mutationFn: renewRecoveryCodes });
}
