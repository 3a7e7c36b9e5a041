import { IsRestoringProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { getStoredUser } from '@/lib/storage';
import { writeBehind } from '@/lib/write-behind';
import { hasIndexedDb } from './available';

/** Loaded for a signed-in user only: a visitor's page never carries the database code. */
const persistence = () => import('./persist-queries');

/** The device's copy restored into `queryClient`; never rejects. */
function restore(queryClient: QueryClient, userId: string): Promise<unknown> {
  return persistence()
    .then(({ restoreQueries }) => restoreQueries(queryClient, userId))
    .catch(() => false);
}

type StartupRestore = {
  queryClient: QueryClient;
  userId: string;
  done: boolean;
  promise: Promise<unknown> | null;
};
let startup: StartupRestore | null = null;

/**
 * Restores the signed-in user's copy as the app starts, before its first render (start.tsx): the
 * first render then shows what the device holds instead of the pages' loading states (ADR 024).
 * PersistedQueryCache takes it over as its own restore.
 */
export function restoreBeforeStart(queryClient: QueryClient, userId: string): Promise<unknown> {
  if (!hasIndexedDb()) return Promise.resolve();
  const record: StartupRestore = { queryClient, userId, done: false, promise: null };
  record.promise = restore(queryClient, userId).finally(() => (record.done = true));
  startup = record;
  return record.promise;
}

function startupRestore(queryClient: QueryClient, userId: string | null) {
  return startup?.queryClient === queryClient && startup.userId === userId ? startup : null;
}

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
  // Restored before the first render as the app started: not restoring from the start.
  const [restoredFor, setRestoredFor] = useState<string | null>(() =>
    startupRestore(queryClient, userId)?.done ? userId : null,
  );
  const restoring = userId !== null && restoredFor !== userId;

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    // The app's start restored it (once); any later sign-in restores again.
    const started = startupRestore(queryClient, userId)?.promise;
    startup = null;
    void (started ?? restore(queryClient, userId)).finally(() => {
      if (current) setRestoredFor(userId);
    });
    return () => {
      current = false;
    };
  }, [queryClient, userId]);

  useEffect(() => {
    if (userId === null || restoring) return;
    return writeBehind(
      queryClient,
      () => {
        // Signed out (or someone else) since: that user's row was deleted and must stay so.
        if (getStoredUser()?.id !== userId) return;
        void persistence()
          .then(({ persistQueries }) => persistQueries(queryClient, userId))
          .catch(() => undefined);
      },
      { delayMs: WRITE_DELAY_MS },
    );
  }, [queryClient, userId, restoring]);

  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}
