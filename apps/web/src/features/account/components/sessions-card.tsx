import type { Session } from '@speedway/contracts';
import { Laptop, LogOut, Smartphone, Tablet } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';

const REVOKE_FAILED = 'Kunde inte logga ut sessionen.';

function DeviceIcon({ device }: { device: string }) {
  const name = device.toLowerCase();
  const Icon = /mobil|mobile|phone/.test(name)
    ? Smartphone
    : /tablet|surf/.test(name)
      ? Tablet
      : Laptop;
  return <Icon className="size-5" aria-hidden="true" />;
}

export function SessionsCard() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Inloggade enheter</CardTitle>
        <CardDescription>Logga ut enheter du inte känner igen.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isError ? (
          <Alert variant="destructive">
            <AlertDescription>
              {errorMessage(sessions.error, 'Kunde inte hämta sessioner.')}
            </AlertDescription>
          </Alert>
        ) : !sessions.data ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : (
          <ul className="grid gap-3">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        <div className="flex justify-end">
          <Button
            variant="outline"
            className="h-auto min-h-11 py-2 whitespace-normal"
            disabled={others === 0 || revokeOthers.isPending}
            onClick={() =>
              !revokeOthers.isPending &&
              revokeOthers.mutate(undefined, {
                onSuccess: (reply) => toast.success(reply.message),
                onError: (error) =>
                  toast.error(REVOKE_FAILED, { description: errorMessage(error, '') || undefined }),
              })
            }
          >
            {revokeOthers.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
            Logga ut alla andra enheter
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: Session }) {
  const revoke = useRevokeSession();
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border p-3 sm:flex-nowrap">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <DeviceIcon device={session.device} />
      </span>
      <div className="min-w-48 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{session.device}</span>
          {session.current ? <Badge variant="success">Denna enhet</Badge> : null}
        </div>
        <div className="text-[13px] text-muted-foreground">
          {session.browserNice} · {session.osNice} · {session.ip}
        </div>
        <div className="text-[13px] text-muted-foreground">
          Senast aktiv{' '}
          <time dateTime={session.last_active} title={formatDateTime(session.last_active)}>
            {formatRelative(session.last_active)}
          </time>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto h-11"
          disabled={revoke.isPending}
          aria-label={`Logga ut ${session.device}, ${session.browserNice}`}
          onClick={() =>
            !revoke.isPending &&
            revoke.mutate(session.id, {
              onSuccess: (reply) => toast.success(reply.message),
              onError: (error) =>
                toast.error(REVOKE_FAILED, { description: errorMessage(error, '') || undefined }),
            })
          }
        >
          {revoke.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
          Logga ut
        </Button>
      )}
    </li>
  );
}
