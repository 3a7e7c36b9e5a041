import { useAccount } from '@/features/account/api/get-account';
import { useAuth } from '@/lib/auth';

/**
 * The signed-in admin: the account as the server reports it (RequireAdmin waits for it), else
 * the stored user when that call failed.
 */
export function useAdmin() {
  const { user } = useAuth();
  const account = useAccount();
  return account.data ?? user;
}
