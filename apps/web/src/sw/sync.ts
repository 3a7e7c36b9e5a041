import { browserOnline } from '@/lib/offline/connectivity';
import { readSession } from '@/lib/offline/db';
import { applyToDeviceCopy } from '@/lib/offline/device-copy';
import { runReplay, type ReplayOptions, type ReplayResult } from '@/lib/offline/replay';
import { OUTBOX_SYNC_TAG } from './messages';

/** Background Sync's event (Chromium); TypeScript's WebWorker library does not have it. */
type SyncEvent = ExtendableEvent & { tag: string };

type Replay = (options: ReplayOptions) => Promise<ReplayResult>;
type Session = typeof readSession;

/**
 * Sends the outbox when the browser says the network is back, even with every tab closed (ADR
 * 010 §4), as the user the app last signed in (the session row lib/auth.tsx keeps). A sync that
 * leaves entries waiting fails, so the browser tries it again later.
 */
export function listenForSync(
  scope: ServiceWorkerGlobalScope,
  replay: Replay = runReplay,
  session: Session = readSession,
): void {
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(sendOutbox(replay, session));
  });
}

async function sendOutbox(replay: Replay, session: Session): Promise<void> {
  const current = await session();
  // Signed out: the entries wait for their user to sign in again.
  if (!current) return;
  const result = await replay({
    userId: current.userId,
    token: current.token,
    wake: true,
    // The browser fires 'sync' when it believes the network is back: its word is what counts
    // here, not a failure this worker met before (the app's pages keep their own watch).
    isOnline: browserOnline,
    // No page holds the cache: the device's copy takes each reply before its entry goes.
    apply: applyToDeviceCopy,
  });
  if (result.stopped === 'unauthorized') return;
  if (result.stopped === 'offline' || result.nextAttemptAt !== null)
    throw new Error('The outbox still has entries to send.');
}
