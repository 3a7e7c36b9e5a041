import type { Match } from '@speedway/contracts';
import type { OutboxEntry } from './db';

// How the outbox tells about itself: listeners in this context, and other tabs and the service
// worker over a BroadcastChannel (ADR 010 §4). Works in a window and in a service worker.

export const OUTBOX_CHANNEL = 'speedway-outbox';

/** What a 2xx gave: the server's reply, or the match read back when the change was already there. */
export type Applied = { kind: 'reply'; reply: unknown } | { kind: 'match'; match: Match };

/** What became of one attempt at an entry. */
export type SendOutcome =
  | { seq: number; outcome: 'sent'; reply: unknown; entry: OutboxEntry; applied: Applied }
  | { seq: number; outcome: 'retry' | 'unauthorized' | 'conflict' | 'failed'; entry?: OutboxEntry };

export type OutboxEvent =
  /** The user's entries changed (added, sent, state, removed): lists and counts read again. */
  | { type: 'changed'; userId: string }
  /** An entry leaves the device now: its request is being sent. */
  | { type: 'sending'; userId: string; seq: number }
  | ({ type: 'settled'; userId: string } & SendOutcome);

/** `remote`: the event came from another tab or the service worker. */
type Listener = (event: OutboxEvent, remote: boolean) => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
  if (channel) {
    // Node (tests) keeps its process alive for an open channel; browsers have no unref.
    (channel as BroadcastChannel & { unref?: () => void }).unref?.();
    channel.onmessage = (message: MessageEvent<OutboxEvent>) => {
      for (const listener of listeners) listener(message.data, true);
    };
  }
  return channel;
}

export function emitOutboxEvent(event: OutboxEvent): void {
  for (const listener of [...listeners]) listener(event, false);
  try {
    getChannel()?.postMessage(event);
  } catch {
    // A reply that cannot be cloned still reached this context's listeners.
  }
}

/** Listens to this context's and every other context's outbox events; returns the unsubscribe. */
export function onOutboxEvent(listener: Listener): () => void {
  getChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Replayer = (userId: string) => void;
let replayer: Replayer | null = null;

/**
 * The app's runner (use-outbox.ts) registers here and is woken by every enqueue and choice; the
 * service worker runs runReplay itself. Kept here, apart from outbox.ts, so that registering
 * does not bring the outbox's code into the app's entry.
 */
export function setOutboxReplayer(next: Replayer): () => void {
  replayer = next;
  return () => {
    if (replayer === next) replayer = null;
  };
}

export function kickReplayer(userId: string): void {
  replayer?.(userId);
}
