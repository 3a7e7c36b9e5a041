import { IsRestoringProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { getStoredUser } from '@/lib/storage';
import { hasIndexedDb } from './available';

/** Loaded for a signed-in user only: a visitor's page never carries the database code. */
const persistence = () => import('./persist-queries');

/** Written this long after the last change to the cache, and at once when the page is hidden. */
const WRITE_DELAY_MS = 1_000;

/**
 * The signed-in user's persisted queries (ADR 010 §3): restored before any query runs (queries
 * wait while IsRestoring), written back as the cache changes. Signed out there is nothing to read,
 * so /auth paints without touching IndexedDB.
 */
export function PersistedQueryCache({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  // The prerender (no window) renders as a browser with IndexedDB will hydrate: restoring.
  const available = typeof window === 'undefined' || hasIndexedDb();
  const userId = available ? (user?.id ?? null) : null;
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  const restoring = userId !== null && restoredFor !== userId;

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    void persistence()
      .then(({ restoreQueries }) => restoreQueries(queryClient, userId))
      .catch(() => false)
      .finally(() => {
        if (current) setRestoredFor(userId);
      });
    return () => {
      current = false;
    };
  }, [queryClient, userId]);

  useEffect(() => {
    if (userId === null || restoring) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      clearTimeout(timer);
      // Signed out (or someone else) since: that user's row was deleted and must stay so.
      if (getStoredUser()?.id !== userId) return;
      void persistence()
        .then(({ persistQueries }) => persistQueries(queryClient, userId))
        .catch(() => undefined);
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(write, WRITE_DELAY_MS);
    });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') write();
    };
    window.addEventListener('pagehide', write);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      window.removeEventListener('pagehide', write);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queryClient, userId, restoring]);

  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}
