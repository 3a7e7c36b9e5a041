import { ErrorCodes, OTP_LENGTH, type TwoFactorSetup } from '@speedway/contracts';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { OtpInput } from '@/components/ui/otp-input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useOtpEntry } from '@/lib/use-otp-entry';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useAccount } from '../api/get-account';

export function TwoFactorCard() {
  const account = useAccount();
  const enabled = account.data?.two_factor_enabled;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <CardTitle>Tvåfaktorsautentisering</CardTitle>
          {enabled === undefined ? null : enabled ? (
            <Badge variant="success">
              <ShieldCheck aria-hidden="true" />
              Aktiverad
            </Badge>
          ) : (
            <Badge variant="secondary">Inte aktiverad</Badge>
          )}
        </div>
        <CardDescription>
          Vid inloggning krävs en kod från en autentiseringsapp utöver lösenordet.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {enabled === undefined ? (
          <Skeleton className="h-11 w-56" />
        ) : enabled ? (
          <DisableTwoFactor />
        ) : (
          <EnableTwoFactor />
        )}
      </CardContent>
    </Card>
  );
}

function EnableTwoFactor() {
  const start = useEnableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);

  if (setup) return <ConfirmTwoFactor setup={setup} onCancel={() => setSetup(null)} />;

  return (
    <Button
      onClick={() =>
        !start.isPending &&
        start.mutate(undefined, {
          onSuccess: setSetup,
          onError: (error) =>
            toast.error('Kunde inte aktivera', {
              description: errorMessage(error, 'Något gick fel. Försök igen.'),
            }),
        })
      }
      disabled={start.isPending}
      className="h-auto min-h-11 py-2 whitespace-normal"
    >
      {start.isPending ? <Spinner /> : <ShieldCheck aria-hidden="true" />}
      Aktivera tvåfaktorsautentisering
    </Button>
  );
}

function ConfirmTwoFactor({ setup, onCancel }: { setup: TwoFactorSetup; onCancel: () => void }) {
  const confirm = useConfirmTwoFactor();
  const otp = useOtpEntry({
    pending: confirm.isPending,
    onCode: (code) =>
      confirm.mutate(
        { code },
        {
          onSuccess: (reply) => toast.success(reply.message),
          onError: (error) => {
            otp.reset();
            if (error instanceof ApiError && error.code === ErrorCodes.INVALID_CODE) {
              toast.error('Fel kod', { description: 'Prova igen.' });
            } else {
              toast.error('Kunde inte aktivera', {
                description: errorMessage(error, 'Något gick fel. Försök igen.'),
              });
            }
          },
        },
      ),
  });

  return (
    <form noValidate className="grid gap-5" onSubmit={otp.onSubmit}>
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
        <li>Skanna QR-koden med en autentiseringsapp, eller skriv in nyckeln.</li>
        <li>Ange den 6-siffriga koden som appen visar.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={setup.qrcodeDataUrl}
          alt="QR-kod för autentiseringsappen"
          width={176}
          height={176}
          className="size-44 rounded-lg border bg-white p-2"
        />
        <div className="grid w-full min-w-0 gap-2">
          <span className="text-sm font-medium">Nyckel</span>
          <code className="rounded-lg bg-muted px-3 py-2 font-mono text-sm break-all select-all">
            {setup.secret}
          </code>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="two-factor-setup-code">Verifieringskod</Label>
        <OtpInput id="two-factor-setup-code" {...otp.inputProps} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={confirm.isPending}>
          Avbryt
        </Button>
        <Button type="submit" disabled={confirm.isPending || otp.code.length !== OTP_LENGTH}>
          {confirm.isPending ? <Spinner /> : null}
          Bekräfta
        </Button>
      </div>
    </form>
  );
}

function DisableTwoFactor() {
  const disable = useDisableTwoFactor();
  const [confirming, setConfirming] = useState(false);

  if (!confirming) {
    return (
      <Button
        variant="outline"
        className="h-auto min-h-11 py-2 whitespace-normal"
        onClick={() => setConfirming(true)}
      >
        <ShieldOff aria-hidden="true" />
        Stäng av tvåfaktorsautentisering
      </Button>
    );
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Utan tvåfaktorsautentisering räcker lösenordet för att logga in. Vill du stänga av den?
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="destructive"
          disabled={disable.isPending}
          onClick={() =>
            !disable.isPending &&
            disable.mutate(undefined, {
              onSuccess: (reply) => {
                toast.success(reply.message);
                setConfirming(false);
              },
              onError: (error) =>
                toast.error('Kunde inte stänga av', {
                  description: errorMessage(error, 'Något gick fel. Försök igen.'),
                }),
            })
          }
        >
          {disable.isPending ? <Spinner /> : <ShieldOff aria-hidden="true" />}
          Stäng av
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(false)} disabled={disable.isPending}>
          Avbryt
        </Button>
      </div>
    </div>
  );
}
