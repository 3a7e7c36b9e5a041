import type { Account } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { accountQueryConfig } from '@/lib/query-client';

export function getAccount({ signal }: { signal?: AbortSignal } = {}): Promise<Account> {
  return api.get<Account>('/api/account/me', { signal });
}

export function getAccountQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'me'],
    queryFn: ({ signal }) => getAccount({ signal }),
    ...accountQueryConfig,
  });
}

/** Runs only when a stored user with an id exists (docs/spec/1-app-shell-auth-account.md §6). */
export function useAccount() {
  const { user } = useAuth();
  return useQuery({ ...getAccountQueryOptions(), enabled: Boolean(user?.id) });
}
