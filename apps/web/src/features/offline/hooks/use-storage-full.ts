import { useEffect, useState } from 'react';

/**
 * The text of a StorageFullError (lib/offline/storage-full.ts; told by its name, as importing it
 * would split the entry's modules into more chunks) that nobody handled: ADR 010 §4
 * "Storage full", a change is never lost silently. A dialog that shows the error itself handles
 * it; this catches the rest. Set it to null to dismiss.
 */
export function useStorageFull() {
  const state = useState<string | null>(null);
  const setMessage = state[1];
  useEffect(() => {
    const onRejection = ({ reason }: PromiseRejectionEvent) => {
      if (reason instanceof Error && reason.name === 'StorageFullError') setMessage(reason.message);
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, [setMessage]);
  return state;
}
