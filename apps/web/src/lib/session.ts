import { clearStoredUser, clearToken } from './storage';

/** Fired on window whenever the signed-in session ends, whatever ended it. */
export const LOGOUT_EVENT = 'speedway:logout';

export type LogoutReason = 'manual' | 'unauthorized' | 'account_deleted' | 'storage';
export type LogoutEventDetail = { reason: LogoutReason };

/**
 * Forgets the session in this tab and tells everyone listening (the auth provider clears its
 * state and the query cache). Other tabs learn about it through the storage event.
 */
export function endSession(reason: LogoutReason): void {
  clearToken();
  clearStoredUser();
  window.dispatchEvent(new CustomEvent<LogoutEventDetail>(LOGOUT_EVENT, { detail: { reason } }));
}
