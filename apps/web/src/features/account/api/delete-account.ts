import { useMutation } from '@tanstack/react-query';
import { requestRaw } from '@/lib/api-client';

/** The confirmation is the typed word RADERA; the spec sends an empty password and ignores the reply. */
export async function deleteAccount(): Promise<void> {
  await requestRaw('/api/account', { method: 'DELETE', body: { password: '' } });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
