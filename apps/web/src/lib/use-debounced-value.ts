import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: a search asks the server when the typing
 * pauses, not for every letter.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
