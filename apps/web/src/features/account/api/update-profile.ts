import type { Account, ProfileUpdateBody, ProfileUser } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { getAccountQueryOptions } from './get-account';

/** `user.pending_email`: a new address waits there until its link is followed (see the card). */
export type ProfileUpdateReply = {
  user: ProfileUser;
  email_verification_sent: boolean;
  message: string;
};

export function updateProfile(body: ProfileUpdateBody): Promise<ProfileUpdateReply> {
  return api.put<ProfileUpdateReply>('/api/account/profile', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const { queryKey } = getAccountQueryOptions();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user: { pending_email: pendingEmail, ...user } }) => {
      // The signed-in user (stored) has the address it signs in with; the pending one is the
      // account page's.
      updateUser(user);
      queryClient.setQueryData<Account>(queryKey, (account) =>
        account ? { ...account, ...user, pending_email: pendingEmail } : account,
      );
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
