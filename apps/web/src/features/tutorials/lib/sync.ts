/**
 * Whether tutorial progress is synced with the server. A 404 from the server (no tutorial status
 * there) turns it off for the rest of the visit (docs/spec/2-matches-protocols-admin.md §4);
 * progress then stays local.
 */
let enabled = true;

export function isTutorialSyncEnabled(): boolean {
  return enabled;
}

export function disableTutorialSync(): void {
  enabled = false;
}

/** For tests: each starts with sync on. */
export function resetTutorialSync(): void {
  enabled = true;
}

/** Status fetch and sync failures are only logged (docs/spec/2-matches-protocols-admin.md §8). */
export function logTutorialFailure(what: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(`Tutorial: ${what} (${reason})`);
}
