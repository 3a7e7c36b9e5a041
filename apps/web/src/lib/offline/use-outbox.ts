import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { endSessionOn401 } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { getStoredUser, getToken } from '@/lib/storage';
import { hasIndexedDb } from './available';
import { isOnline, subscribeConnectivity } from './connectivity';
import type { OutboxEntry } from './db';
import { onOutboxEvent, setOutboxReplayer } from './events';

/**
 * The runner and what it brings (the engine's tags, the contracts' codes) load when first needed,
 * not with the app's entry: a signed-out visitor never runs it.
 */
async function loadRunner() {
  const [{ runReplay }, { applyReply }] = await Promise.all([
    import('./replay'),
    import('./apply-reply'),
  ]);
  return { runReplay, applyReply };
}

/** The database code loads with the first signed-in read, not with the app's entry. */
const offlineDb = () => import('./db');

/** The runner, once there is something to send (most starts have nothing). */
async function runnerIfNeeded(userId: string) {
  return (await (await offlineDb()).countEntries(userId)) > 0 ? loadRunner() : null;
}

type Snapshot = { entries: OutboxEntry[]; ready: boolean };

const EMPTY: Snapshot = { entries: [], ready: true };

/** One live list per user, shared by every component that shows the outbox. */
class UserOutbox {
  snapshot: Snapshot = { entries: [], ready: false };
  private readonly listeners = new Set<() => void>();
  private stop: (() => void) | null = null;
  private loads = 0;

  constructor(private readonly userId: string) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.stop) {
      this.stop = onOutboxEvent((event) => {
        if (event.type === 'changed' && event.userId === this.userId) this.load();
      });
      this.load();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.stop?.();
        this.stop = null;
      }
    };
  };

  load(): Promise<void> {
    const load = ++this.loads;
    return offlineDb()
      .then((db) => db.listEntries(this.userId))
      .then((entries) => {
        // An older read finishing late must not overwrite a newer one.
        if (load !== this.loads) return;
        this.snapshot = { entries, ready: true };
        for (const listener of this.listeners) listener();
      })
      .catch(() => undefined);
  }
}

const outboxes = new Map<string, UserOutbox>();

function outboxOf(userId: string): UserOutbox {
  let outbox = outboxes.get(userId);
  if (!outbox) {
    outbox = new UserOutbox(userId);
    outboxes.set(userId, outbox);
  }
  return outbox;
}

const noSubscription = () => () => undefined;

/**
 * Reads the user's unsent changes before the app's first render (start.tsx), so a protocol's
 * first render has them and shows the protocol, not its loading state (ADR 024).
 */
export function loadOutbox(userId: string): Promise<void> {
  return hasIndexedDb() ? outboxOf(userId).load() : Promise.resolve();
}

/**
 * The signed-in user's unsent changes in action order, of one protocol or of all; another user's
 * are never read. `ready` is false until the first read has answered.
 */
export function useOutbox(matchId?: string): {
  entries: OutboxEntry[];
  count: number;
  ready: boolean;
} {
  const { user } = useAuth();
  const outbox = user && hasIndexedDb() ? outboxOf(user.id) : null;
  const snapshot = useSyncExternalStore(
    outbox?.subscribe ?? noSubscription,
    () => outbox?.snapshot ?? EMPTY,
    () => EMPTY,
  );
  return useMemo(() => {
    const entries =
      matchId === undefined
        ? snapshot.entries
        : snapshot.entries.filter((entry) => entry.matchId === matchId);
    return { entries, count: entries.length, ready: snapshot.ready };
  }, [snapshot, matchId]);
}

/**
 * Whether the app is online (connectivity.ts): the browser says so and the server answers. A dead
 * network the browser calls connected counts as offline here (ADR 010 §8a).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}

/**
 * Runs the signed-in user's outbox (ADR 010 §4 triggers): once the cache is restored, when the
 * app comes online or the page visible again, on every enqueue and at the earliest retry.
 */
export function useOutboxSync(): void {
  const queryClient = useQueryClient();
  const restoring = useIsRestoring();
  const { user } = useAuth();
  const userId = user && hasIndexedDb() && !restoring ? user.id : null;

  useEffect(() => {
    if (userId === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = (wake: boolean) => {
      const token = getToken();
      if (!token || getStoredUser()?.id !== userId) return;
      runnerIfNeeded(userId)
        .then((runner) =>
          runner?.runReplay({
            userId,
            token,
            wake,
            apply: async (entry, applied) => {
              runner.applyReply(queryClient, entry, applied);
              // The device's copy too, before the entry goes: a reload right after the sync
              // (offline, say) must restore the server's version, not the one before it.
              if (getStoredUser()?.id !== userId) return;
              const { persistQueries } = await import('./persist-queries');
              await persistQueries(queryClient, userId);
            },
            onUnauthorized: (serverMessage) => endSessionOn401(token, serverMessage),
          }),
        )
        .then((result) => {
          const nextAttemptAt = result?.nextAttemptAt ?? null;
          clearTimeout(timer);
          if (nextAttemptAt !== null) {
            timer = setTimeout(() => run(false), Math.max(0, nextAttemptAt - Date.now()));
          }
        })
        .catch(() => undefined);
    };
    const wake = () => run(true);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') wake();
    };
    const release = setOutboxReplayer((id) => {
      if (id === userId) wake();
    });
    // Another tab or the service worker sent one of this user's entries: this tab's cache takes
    // the reply too, or its page would show the server's older state once the entry is gone.
    const stopListening = onOutboxEvent((event, remote) => {
      if (!remote || event.type !== 'settled' || event.outcome !== 'sent') return;
      if (event.userId !== userId) return;
      void import('./apply-reply')
        .then(({ applyReply }) => applyReply(queryClient, event.entry, event.applied))
        .catch(() => undefined);
    });
    // Online again, by the browser's word or because the server answered.
    const stopFollowing = subscribeConnectivity(() => {
      if (isOnline()) wake();
    });
    document.addEventListener('visibilitychange', onVisibility);
    wake();
    return () => {
      release();
      stopListening();
      clearTimeout(timer);
      stopFollowing();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queryClient, userId]);
}
