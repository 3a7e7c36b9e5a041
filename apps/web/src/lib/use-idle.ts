import { useEffect, useState } from 'react';

/**
 * False until the main thread has been idle once since the component mounted (at the latest after
 * `timeoutMs`), then true: for work a component can start later than its first frame, so that it
 * does not lengthen the page's start (issue 9). Safari has no requestIdleCallback; there it waits
 * a short timer.
 */
export function useIdle(timeoutMs = 2_000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }, [idle, timeoutMs]);
  return idle;
}
