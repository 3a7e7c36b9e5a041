import { clearLastViews } from './last-view';
import { hasIndexedDb } from './offline/available';
import { clearStoredUser, clearToken, getStoredUser } from './storage';

/** Fired on window whenever the signed-in session ends, whatever ended it. */
export const LOGOUT_EVENT = 'speedway:logout';

export type LogoutReason = 'manual' | 'unauthorized' | 'account_deleted' | 'storage';
export type LogoutEventDetail = { reason: LogoutReason };

/**
 * The device's copy of what the user had (ADR 010 §3): the cached queries and the session row
 * go with the session; unsent changes stay for the user's return, unless the account is gone.
 */
async function forgetOffline(userId: string | undefined, reason: LogoutReason): Promise<void> {
  const db = await import('./offline/db');
  await db.forgetSession(userId);
  if (reason === 'account_deleted' && userId !== undefined) await db.deleteUserEntries(userId);
}

/**
 * Forgets the session in this tab (and the device's last views of its pages, ADR 024) and tells everyone listening (the auth provider clears its
 * state and the query cache). Other tabs learn about it through the storage event.
 */
export function endSession(reason: LogoutReason): void {
  const userId = getStoredUser()?.id;
  clearToken();
  clearStoredUser();
  clearLastViews();
  if (hasIndexedDb()) void forgetOffline(userId, reason).catch(() => undefined);
  window.dispatchEvent(new CustomEvent<LogoutEventDetail>(LOGOUT_EVENT, { detail: { reason } }));
}
