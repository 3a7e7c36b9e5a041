import type { Account, ProfileUpdateBody, User } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { getAccountQueryOptions } from './get-account';

export type ProfileUpdateReply = { user: User; email_verification_sent: boolean; message: string };

export function updateProfile(body: ProfileUpdateBody): Promise<ProfileUpdateReply> {
  return api.put<ProfileUpdateReply>('/api/account/profile', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const { queryKey } = getAccountQueryOptions();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      updateUser(user);
      queryClient.setQueryData<Account>(queryKey, (account) =>
        account ? { ...account, ...user } : account,
      );
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
