import { useSyncExternalStore } from 'react';
import { dialogOpen, subscribeToDialogs } from './dialog-open';

export function useDialogOpen(): boolean {
  return useSyncExternalStore(subscribeToDialogs, dialogOpen, () => false);
}
