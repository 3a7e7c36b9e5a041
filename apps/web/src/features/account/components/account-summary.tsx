import { Clock, FileText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ThemeToggle } from '@/components/theme-toggle';
import { UserAvatar } from '@/components/user-avatar';
import { formatDateTime, formatRelative } from '@/lib/format';
import { displayNameOf, initialsOf, isAdminRole, ROLE_LABELS } from '@/lib/user';
import { useAccount } from '../api/get-account';
import { AccountLoadError } from './account-load-error';

/** The top of Mina sidor: who is signed in, their numbers and the quick theme switch. */
export function AccountSummary() {
  const account = useAccount();

  if (account.isError) {
    return <AccountLoadError onRetry={() => account.refetch()} retrying={account.isFetching} />;
  }

  if (!account.data) {
    return (
      <Card aria-busy="true">
        <CardContent className="flex items-center gap-4">
          <Skeleton className="size-16 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
          </div>
        </CardContent>
      </Card>
    );
  }

  const user = account.data;
  return (
    <Card className="overflow-hidden pt-0" data-tutorial="account-summary">
      <div className="h-16 bg-[linear-gradient(120deg,var(--chrome)_0%,var(--chrome)_55%,var(--primary)_55%,var(--primary)_62%,var(--chrome)_62%)]" />
      <CardContent className="-mt-12 grid gap-5">
        <div className="flex items-end gap-4">
          <UserAvatar
            user={user}
            className="size-20 border-4 border-card shadow-md"
            fallbackClassName="text-2xl"
          />
          <div className="min-w-0 pb-1">
            <p className="sr-only">Initialer: {initialsOf(user)}</p>
            <h2 className="truncate text-xl font-bold">{displayNameOf(user)}</h2>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          </div>
          {isAdminRole(user.role) ? (
            <Badge variant="secondary" className="mb-2 ml-auto">
              {ROLE_LABELS[user.role]}
            </Badge>
          ) : null}
        </div>
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-lg bg-muted px-4 py-3">
            <dt className="flex items-center gap-1.5 text-[13px] text-muted-foreground">
              <FileText className="size-4" aria-hidden="true" />
              Protokoll
            </dt>
            <dd className="text-2xl font-bold tabular-nums">{user.stats.protocols}</dd>
          </div>
          <div className="rounded-lg bg-muted px-4 py-3">
            <dt className="flex items-center gap-1.5 text-[13px] text-muted-foreground">
              <Clock className="size-4" aria-hidden="true" />
              Senast aktiv
            </dt>
            <dd className="font-semibold first-letter:uppercase">
              <time
                dateTime={user.stats.last_active ?? undefined}
                title={formatDateTime(user.stats.last_active)}
              >
                {formatRelative(user.stats.last_active)}
              </time>
            </dd>
          </div>
        </dl>
        <ThemeToggle />
      </CardContent>
    </Card>
  );
}
