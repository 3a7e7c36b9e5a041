import { useCallback, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { hasIndexedDb } from '@/lib/offline/available';

export type SignOutWarning = { userId: string; count: number };

/**
 * Asks before a sign-out that would leave unsent changes behind (ADR 010 §8). `request` signs out
 * at once without any; otherwise `warning` holds whose and how many until the user chooses.
 * The database code loads at the click, not with the app's entry, where the admin header's
 * button sits (the entry's budget, bench/web-budget.mjs).
 */
export function useSignOutWarning(signOut: () => void) {
  const { user } = useAuth();
  const [warning, setWarning] = useState<SignOutWarning | null>(null);
  const userId = user?.id;

  const request = useCallback(() => {
    // Without IndexedDB there is no outbox to leave behind.
    if (!userId || !hasIndexedDb()) return signOut();
    // Counted at the click: another tab or the service worker may have sent some meanwhile.
    void import('@/lib/offline/db')
      .then(({ countEntries }) => countEntries(userId))
      .catch(() => 0)
      .then((count) => (count > 0 ? setWarning({ userId, count }) : signOut()));
  }, [signOut, userId]);

  const cancel = useCallback(() => setWarning(null), []);

  return { request, warning, cancel };
}
