import { useEffect, useState } from 'react';
import { useAnnouncement } from '../api/get-announcement';
import { dismissalKey, isAnnouncementShown, msUntilExpiry } from '../lib/announcement-rules';
import { readDismissed, writeDismissed } from '../lib/dismissals';
import { AnnouncementBanner } from './announcement-banner';

/** setTimeout's longest wait; a later expiry is looked at again after that. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The global announcement at the top of the home page (docs/spec/2-matches-protocols-admin.md §4):
 * shown while it is active, has a message, has not expired and was not closed in this session (per
 * id and version); a failed fetch shows nothing. The banner's code comes with the page (not loaded
 * once there is one to show): it appears in the same frame as the answer, together with the page
 * below it (useAnnouncementSettled), instead of a round trip later, pushing that page down.
 */
export function AnnouncementSlot() {
  const { data: announcement, dataUpdatedAt } = useAnnouncement();
  const [dismissed, setDismissed] = useState(readDismissed);
  // The time the rules are checked at: the last fetch, or the expiry timer's last tick.
  const [tickedAt, setTickedAt] = useState(0);
  const checkedAt = new Date(Math.max(dataUpdatedAt, tickedAt));

  // Hidden the moment it expires, not at the next poll.
  useEffect(() => {
    if (!announcement) return;
    const wait = msUntilExpiry(announcement, new Date());
    if (wait === null) return;
    const timer = setTimeout(() => setTickedAt(Date.now()), Math.min(wait + 1, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [announcement, tickedAt]);

  if (!announcement || !isAnnouncementShown(announcement, checkedAt)) return null;
  const key = dismissalKey(announcement);
  if (announcement.dismissible && dismissed === key) return null;
  const dismiss = () => {
    writeDismissed(key);
    setDismissed(key);
  };
  return <AnnouncementBanner announcement={announcement} onDismiss={dismiss} />;
}
