import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { useAccount } from '@/features/account/api/get-account';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useAuth } from '@/lib/auth';
import { useOnline, useOutbox } from '@/lib/offline/use-outbox';
import { offlinePart } from './offline-part';
import { TopNav } from './top-nav';
import { useStatusAnnouncements } from './use-status-announcements';

// Shown only offline or with unsent changes: their code stays out of the app's entry.
const OfflineBanner = offlinePart((m) => m.OfflineBanner);
const SyncBadge = offlinePart((m) => m.SyncBadge);
const StorageAlert = offlinePart((m) => m.StorageAlert);

/**
 * docs/spec/1-app-shell-auth-account.md §2: the bell and the avatar appear once the account data
 * has loaded. Where it cannot load (offline, a network that answers nothing, a failed call) the
 * user kept on the device stands in: the session lasts until a real 401, and so do they.
 */
function useHeaderUser() {
  const account = useAccount();
  const { user } = useAuth();
  const online = useOnline();
  if (account.data) return account.data;
  return !online || account.isError ? user : null;
}

function HeaderAvatar() {
  const user = useHeaderUser();
  if (!user) return null;
  return (
    <Link
      to="/account"
      className="flex size-11 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/70"
    >
      {/* Named by this text, not by the initials the avatar shows (an aria-label would hide them). */}
      <span className="sr-only">Mina sidor</span>
      <span aria-hidden="true">
        <UserAvatar
          user={user}
          className="size-9 ring-2 ring-white/25 transition hover:ring-primary"
          fallbackClassName="text-sm"
        />
      </span>
    </Link>
  );
}

function HeaderBell() {
  return useHeaderUser() ? <NotificationBell /> : null;
}

export function AppHeader() {
  const { user } = useAuth();
  const online = useOnline();
  const { entries } = useOutbox();
  useStatusAnnouncements(online, entries.length);
  return (
    <header className="sticky top-0 z-40 border-b-2 border-primary bg-chrome text-chrome-foreground shadow-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 md:px-6">
        <Link
          to="/"
          className="-ml-1 flex min-w-0 items-center gap-2 rounded-lg p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/70 max-md:flex-1 min-[400px]:gap-3"
        >
          <Logo className="size-9 min-[400px]:size-10" />
          {/* On a phone the title gets what the buttons leave (a container): where one line of it
              does not fit (the unsent badge beside it, a 320 px screen) it takes two, smaller,
              rather than being cut to 'Spee…'. */}
          <span className="min-w-0 leading-tight max-md:flex-1 max-md:@container">
            <span className="block truncate text-[17px] font-extrabold tracking-tight @max-[10.75rem]:line-clamp-2 @max-[10.75rem]:text-[15px] @max-[10.75rem]:leading-[1.1] @max-[10.75rem]:whitespace-normal @max-[5.25rem]:text-[13px]">
              Speedway Elitserien
            </span>
            {/* Where even two lines are tight, the subtitle gives way to the title. */}
            <span className="block truncate text-xs font-medium text-chrome-muted @max-[10.75rem]:text-[11px] @max-[5.25rem]:hidden">
              Professionellt Matchprotokoll
            </span>
          </span>
        </Link>
        {user ? <TopNav className="ml-6 hidden md:block" /> : null}
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {user ? (
            <>
              {entries.length > 0 ? <SyncBadge entries={entries} /> : null}
              <HeaderBell />
              <HeaderAvatar />
            </>
          ) : (
            <Button asChild size="sm" className="h-11 px-4">
              <Link to="/auth">Logga in</Link>
            </Button>
          )}
        </div>
      </div>
      {online ? null : <OfflineBanner />}
      {/* A full disk threatens a change while offline or with changes waiting to be sent. */}
      {online && entries.length === 0 ? null : <StorageAlert />}
    </header>
  );
}
