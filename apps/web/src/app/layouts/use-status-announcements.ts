import { useEffect, useRef } from 'react';
import { announce } from '@/lib/announce';

export const BACK_ONLINE_TEXT = 'Online igen.';
export const ALL_SENT_TEXT = 'Alla ändringar är skickade.';

/** What a number of unsent changes is called in the header's badge ('{n} osynkade'). */
export const unsentText = (count: number) => `${count} osynkade`;

/**
 * Announces the header's status changes through the shared live region: being online again, and
 * the count of unsent changes ('{n} osynkade', then that all are sent). Going offline is said by
 * the offline banner (role status). Not what holds at start: only changes.
 */
export function useStatusAnnouncements(online: boolean, unsent: number) {
  const before = useRef({ online, unsent });
  useEffect(() => {
    const was = before.current;
    before.current = { online, unsent };
    if (!was.online && online) announce(BACK_ONLINE_TEXT);
    if (was.unsent !== unsent) announce(unsent > 0 ? unsentText(unsent) : ALL_SENT_TEXT);
  }, [online, unsent]);
}
