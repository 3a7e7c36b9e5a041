import { useEffect, useState } from 'react';
import { whenIdle } from './after-first-paint';

/**
 * False until the main thread has been idle once since the component mounted (at the latest after
 * `timeoutMs`), then true: for work a component can start later than its first frame, so that it
 * does not lengthen the page's start.
 */
export function useIdle(timeoutMs = 2_000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : whenIdle(() => setIdle(true), timeoutMs)), [idle, timeoutMs]);
  return idle;
}
