import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { saveLastView, viewKey } from './last-view';
import { getStoredUser } from './storage';
import { writeBehind } from './write-behind';

/** Kept this long after the page's data last changed (it has rendered by then), when idle. */
const SAVE_DELAY_MS = 1_000;

/**
 * Keeps what the signed-in user sees of the current page as its last view on this device
 * (ADR 024): a moment after its data last changed, and at once when the page is hidden (closed,
 * another app in front). The next visit of the page shows it before the app has started.
 */
export function useKeepLastView(userId: string | null): void {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();

  useEffect(() => {
    const root = document.getElementById('root');
    if (userId === null || !root) return;
    const key = viewKey({ pathname, search });
    return writeBehind(
      queryClient,
      () => {
        // Signed out (or someone else) since: nothing of theirs is kept.
        if (getStoredUser()?.id === userId) saveLastView(root, userId, key);
      },
      { delayMs: SAVE_DELAY_MS, idle: true, initially: true },
    );
  }, [queryClient, userId, pathname, search]);
}
