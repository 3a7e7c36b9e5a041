import { deleteQueries } from './db';
import { offlineNavigator } from './navigator';

// ADR 010 §4 "Storage full": a change is never lost silently. When the device has no room, the
// user's cached queries make way; if that is not enough the dialog stays open with this text.

export const STORAGE_FULL_MESSAGE =
  'Lagringen på enheten är full – ändringen kunde inte sparas. Frigör utrymme och försök igen.';

export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';

  constructor() {
    super(STORAGE_FULL_MESSAGE);
  }
}

export function isQuotaExceeded(error: unknown): boolean {
  if (!(error instanceof Error) && !(error instanceof DOMException)) return false;
  if (error.name === 'QuotaExceededError') return true;
  // A transaction aborted by a full disk reports AbortError and keeps the reason as its error.
  const reason = (error as { target?: { error?: unknown } }).target?.error;
  return reason instanceof DOMException && reason.name === 'QuotaExceededError';
}

/** Runs a write; on a full disk drops the user's cached queries and tries once more. */
export async function withStorageRoom<T>(userId: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isQuotaExceeded(error)) throw error;
  }
  await deleteQueries(userId).catch(() => undefined);
  try {
    return await write();
  } catch (error) {
    if (isQuotaExceeded(error)) throw new StorageFullError();
    throw error;
  }
}

let persistAsked = false;

/**
 * Asks once per session that the browser keep this origin's storage under pressure: the outbox
 * holds changes that exist nowhere else. Without it (or refused) the storage is best-effort.
 */
export async function askPersistentStorage(): Promise<void> {
  if (persistAsked) return;
  persistAsked = true;
  try {
    await offlineNavigator()?.storage?.persist?.();
  } catch {
    // Not offered here; the outbox still works.
  }
}
