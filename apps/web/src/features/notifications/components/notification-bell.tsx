import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useInbox } from '../api/get-inbox';
import { unreadCount } from '../lib/inbox-item';

// The drawer (Radix dialog, dates, mutations) loads on first use; the bell is in every header.
const loadDrawer = () => import('./notification-drawer');
const NotificationDrawer = lazy(() =>
  loadDrawer().then((module) => ({ default: module.NotificationDrawer })),
);

function countLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The header's bell with the unread count (docs/spec/1-app-shell-auth-account.md §2); it opens the
 * notification drawer.
 */
export function NotificationBell() {
  const inbox = useInbox();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const unread = unreadCount(inbox.data);
  const label = unread > 0 ? `Notiser, ${unread} olästa` : 'Notiser';

  return (
    <>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-unread={unread}
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="relative flex size-11 items-center justify-center rounded-full text-chrome-foreground outline-none hover:bg-white/10 focus-visible:ring-[3px] focus-visible:ring-ring/70"
      >
        <Bell className="size-6" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-bold text-primary-foreground ring-2 ring-chrome"
          >
            {countLabel(unread)}
          </span>
        ) : null}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <NotificationDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
