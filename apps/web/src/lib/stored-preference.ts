/**
 * Subscribes to a preference kept in localStorage: a change in this tab (announced with `event`
 * on window) or in another tab (the storage event; `null` when all storage was cleared).
 */
export function subscribeToStored(key: string, event: string) {
  return (onChange: () => void) => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === key || e.key === null) onChange();
    };
    window.addEventListener(event, onChange);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(event, onChange);
      window.removeEventListener('storage', onStorage);
    };
  };
}
