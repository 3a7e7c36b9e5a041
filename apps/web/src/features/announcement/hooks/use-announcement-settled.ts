import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getAnnouncementQueryOptions } from '../api/get-announcement';
import { ANNOUNCEMENT_WAIT_MS } from '../lib/announcement-rules';

/**
 * Whether the page below the announcement may be shown: once the announcement has answered (with
 * one to show or not, or with an error), or after ANNOUNCEMENT_WAIT_MS at the latest. Until then
 * the page is laid out but not painted, so a banner that arrives does not push painted content down
 * (no layout shift, CLS). It waits for nothing else: the page's own queries run meanwhile, and it
 * shows as soon as both have answered. In the prerendered HTML (no effects run) it is false.
 */
export function useAnnouncementSettled(waitMs: number = ANNOUNCEMENT_WAIT_MS): boolean {
  const { status } = useQuery(getAnnouncementQueryOptions());
  const [waited, setWaited] = useState(false);
  const answered = status !== 'pending';

  useEffect(() => {
    if (answered) return;
    const timer = setTimeout(() => setWaited(true), waitMs);
    return () => clearTimeout(timer);
  }, [answered, waitMs]);

  return answered || waited;
}
