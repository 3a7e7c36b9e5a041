import { BellOff, BellRing, Send, ShieldAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSendTestPush } from '../api/send-test-push';
import { useDisablePush, useEnablePush, usePushDevice } from '../hooks/use-push-device';
import { pushFailureToast } from '../lib/push-client';
import { PUSH_TEXTS, requirementMessage } from '../lib/push-support';

/** docs/spec/1-app-shell-auth-account.md §8, word for word. */
const DISABLE_FAILED = 'Kunde inte stänga av';
const TEST_FAILED = 'Kunde inte skicka test.';

/** Push on this device: turn it on or off, and send a test to every device that has it. */
export function PushDeviceCard() {
  const device = usePushDevice();
  const enable = useEnablePush();
  const disable = useDisablePush();
  const test = useSendTestPush();
  const busy = enable.isPending || disable.isPending;
  const data = device.data;
  const unmet = data ? requirementMessage(data.requirement) : null;
  // A blocked permission has its own alert above; any other failure to turn push on is kept here.
  const enableFailure =
    enable.isError && data?.permission !== 'denied'
      ? pushFailureToast(enable.error, PUSH_TEXTS.enableFailed)
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Push på den här enheten</CardTitle>
        <CardDescription>
          Aktivera push på varje telefon eller dator där du vill få notiser.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!data ? (
          <Skeleton className="h-11" />
        ) : unmet ? (
          <Alert variant="destructive">
            <ShieldAlert aria-hidden="true" />
            <AlertTitle>{unmet}</AlertTitle>
            {data.requirement === 'insecure' ? (
              <AlertDescription>
                Öppna appen via https:// för att kunna få notiser.
              </AlertDescription>
            ) : null}
          </Alert>
        ) : (
          <>
            {data.permission === 'denied' ? (
              <Alert variant="destructive">
                <ShieldAlert aria-hidden="true" />
                <AlertTitle>{PUSH_TEXTS.blocked}</AlertTitle>
                <AlertDescription>{PUSH_TEXTS.blockedHelp}</AlertDescription>
              </Alert>
            ) : null}
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-sm font-medium">Status:</span>
              {data.subscribed ? (
                <Badge variant="success">Aktiverad</Badge>
              ) : (
                <Badge variant="outline">Inte aktiverad</Badge>
              )}
            </div>
            {enableFailure && !data.subscribed ? (
              // Stays beside the button after the toast has gone, until the next try.
              <Alert variant="destructive">
                <ShieldAlert aria-hidden="true" />
                <AlertTitle>{enableFailure.title}</AlertTitle>
                {enableFailure.description ? (
                  <AlertDescription>{enableFailure.description}</AlertDescription>
                ) : null}
              </Alert>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {data.subscribed ? (
                <Button
                  variant="outline"
                  disabled={busy}
                  onClick={() =>
                    !busy &&
                    disable.mutate(undefined, {
                      onSuccess: () => toast.success('Push är avstängt på den här enheten.'),
                      onError: (error) => {
                        const { title, description } = pushFailureToast(error, DISABLE_FAILED);
                        toast.error(title, { description });
                      },
                    })
                  }
                >
                  {disable.isPending ? <Spinner /> : <BellOff aria-hidden="true" />}
                  Stäng av push
                </Button>
              ) : (
                <Button
                  disabled={busy}
                  onClick={() =>
                    !busy &&
                    enable.mutate(undefined, {
                      onSuccess: () => toast.success('Push är aktiverat på den här enheten.'),
                      onError: (error) => {
                        const { title, description } = pushFailureToast(
                          error,
                          PUSH_TEXTS.enableFailed,
                        );
                        toast.error(title, { description });
                      },
                    })
                  }
                >
                  {enable.isPending ? <Spinner /> : <BellRing aria-hidden="true" />}
                  Aktivera push
                </Button>
              )}
            </div>
          </>
        )}
        <div className="grid gap-2 border-t pt-4">
          <p className="text-[13px] text-muted-foreground">
            Testnotisen skickas till alla enheter där du har aktiverat push.
          </p>
          <Button
            variant="secondary"
            className="w-fit"
            disabled={test.isPending}
            onClick={() =>
              !test.isPending &&
              test.mutate(undefined, {
                onSuccess: (reply) => toast.success(reply.message),
                onError: (error) =>
                  toast.error(TEST_FAILED, { description: errorMessage(error, '') || undefined }),
              })
            }
          >
            {test.isPending ? <Spinner /> : <Send aria-hidden="true" />}
            Skicka testnotis
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
