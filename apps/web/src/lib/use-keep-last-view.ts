import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { whenIdle } from './after-first-paint';
import { saveLastView, viewKey } from './last-view';
import { getStoredUser } from './storage';

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
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelIdle = () => {};
    const save = () => {
      clearTimeout(timer);
      cancelIdle();
      // Signed out (or someone else) since: nothing of theirs is kept.
      if (getStoredUser()?.id === userId) saveLastView(root, userId, key);
    };
    const later = () => {
      clearTimeout(timer);
      cancelIdle();
      timer = setTimeout(() => (cancelIdle = whenIdle(save, SAVE_DELAY_MS)), SAVE_DELAY_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };
    later();
    const unsubscribe = queryClient.getQueryCache().subscribe(later);
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      cancelIdle();
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queryClient, userId, pathname, search]);
}
