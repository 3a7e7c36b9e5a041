/**
 * What the offline code asks of `navigator`, typed for a window and a service worker alike;
 * either may lack any of it (old browsers, tests).
 */
type OfflineNavigator = {
  onLine?: boolean;
  locks?: LockManager;
  storage?: { persist?: () => Promise<boolean> };
  serviceWorker?: {
    ready: Promise<{ sync?: { register: (tag: string) => Promise<void> } }>;
  };
};

export function offlineNavigator(): OfflineNavigator | undefined {
  return (globalThis as { navigator?: OfflineNavigator }).navigator;
}
