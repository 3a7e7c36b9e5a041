import type { QueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { applyReply } from './apply-reply';
import { hasIndexedDb } from './db';
import { ApiError } from './http';
import { enqueue, sendNow, type NewOutboxEntry } from './outbox';

/**
 * How long a dialog waits for the server's answer, once the change has left the device, before it
 * closes with 'sparat på enheten' (outbox.ts sendNow).
 */
export const SUBMIT_WAIT_MS = 5_000;

/** A change the server has ('sent'), or one kept on the device until it can be sent. */
export type SubmitResult = { status: 'sent'; reply: unknown } | { status: 'pending' };

async function sendDirectly(queryClient: QueryClient, entry: NewOutboxEntry): Promise<unknown> {
  const reply = await request<unknown>(entry.path, {
    method: entry.method,
    body: entry.body,
    idempotencyKey: crypto.randomUUID(),
    ifMatch: entry.base || undefined,
  });
  applyReply(queryClient, entry, { kind: 'reply', reply });
  return reply;
}

/**
 * A heat save, nomination or 'Spara protokoll' as the user makes it (ADR 010 §4): put in the
 * outbox, then the first attempt waited for up to `waitMs`. A refusal leaves the outbox and is
 * thrown as an ApiError with the server's words (the dialog stays open,
 * docs/spec/2-matches-protocols-admin.md §8); a full device throws StorageFullError. Without
 * IndexedDB nothing can be kept: the change is sent directly with the same headers, and a network
 * failure is thrown like a refusal.
 */
export async function submitChange(
  queryClient: QueryClient,
  entry: NewOutboxEntry,
  waitMs = SUBMIT_WAIT_MS,
): Promise<SubmitResult> {
  if (!hasIndexedDb()) {
    const reply = await sendDirectly(queryClient, entry);
    // What follows it goes on the same tags, as the outbox would send it (replay.ts).
    if (entry.then) await sendDirectly(queryClient, { ...entry, ...entry.then });
    return { status: 'sent', reply };
  }
  const queued = await enqueue(entry);
  const result = await sendNow(queued.seq, waitMs);
  if (result.status === 'refused') {
    const { status, code, message } = result.error;
    // A bare status line ('403 Forbidden') is not the server's words: the caller's fallback is.
    const words = /^\d{3}(\s|$)/.test(message) ? undefined : message;
    // In the server's error shape, as a direct call would have thrown it.
    const body = words ? { statusCode: status, code, message: words } : undefined;
    throw new ApiError(message, status, code, body, words);
  }
  return result;
}
