import { ErrorCodes, OTP_LENGTH, type TwoFactorSetup } from '@speedway/contracts';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
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
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';
import { PasswordConfirmForm } from './password-confirm-form';
import { RecoveryCodesPanel } from './recovery-codes-panel';

type ShowCodes = (codes: string[]) => void;

export function TwoFactorCard() {
  const account = useAccount();
  const enabled = account.data?.two_factor_enabled;
  // New recovery codes stay on screen until the user says they are saved, whatever the account
  // query says meanwhile (it refetches as 2FA turns on).
  const [codes, setCodes] = useState<string[] | null>(null);
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
        {codes ? (
          <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
        ) : enabled === undefined ? (
          <Skeleton className="h-11 w-56" />
        ) : enabled ? (
          <ManageTwoFactor onCodes={setCodes} />
        ) : (
          <EnableTwoFactor onCodes={setCodes} />
        )}
      </CardContent>
    </Card>
  );
}

function EnableTwoFactor({ onCodes }: { onCodes: ShowCodes }) {
  const start = useEnableTwoFactor();
  const [asking, setAsking] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);

  if (setup) {
    return <ConfirmTwoFactor setup={setup} onCodes={onCodes} onCancel={() => setSetup(null)} />;
  }
  if (asking) {
    return (
      <PasswordConfirmForm
        prompt="Bekräfta med ditt lösenord för att aktivera tvåfaktorsautentisering."
        submitLabel="Fortsätt"
        failureTitle="Kunde inte aktivera"
        pending={start.isPending}
        onConfirm={(password) =>
          start.mutateAsync({ password }).then((reply) => {
            setAsking(false);
            setSetup(reply);
          })
        }
        onCancel={() => setAsking(false)}
      />
    );
  }

  return (
    <Button onClick={() => setAsking(true)} className="h-auto min-h-11 py-2 whitespace-normal">
      <ShieldCheck aria-hidden="true" />
      Aktivera tvåfaktorsautentisering
    </Button>
  );
}

function ConfirmTwoFactor({
  setup,
  onCodes,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onCodes: ShowCodes;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const otp = useOtpEntry({
    pending: confirm.isPending,
    onCode: (code) =>
      confirm.mutate(
        { code },
        {
          onSuccess: (reply) => {
            toast.success(reply.message);
            onCodes(reply.recovery_codes);
          },
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

/** 2FA is on: turn it off, or new recovery codes; both behind the password. */
function ManageTwoFactor({ onCodes }: { onCodes: ShowCodes }) {
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [asking, setAsking] = useState<'disable' | 'renew' | null>(null);

  if (asking === 'disable') {
    return (
      <PasswordConfirmForm
        prompt="Utan tvåfaktorsautentisering räcker lösenordet för att logga in. Bekräfta med ditt lösenord för att stänga av den."
        submitLabel="Stäng av"
        failureTitle="Kunde inte stänga av"
        destructive
        pending={disable.isPending}
        onConfirm={(password) =>
          disable.mutateAsync({ password }).then((reply) => {
            toast.success(reply.message);
            setAsking(null);
          })
        }
        onCancel={() => setAsking(null)}
      />
    );
  }
  if (asking === 'renew') {
    return (
      <PasswordConfirmForm
        prompt="Nya återställningskoder ersätter de gamla, som slutar fungera. Bekräfta med ditt lösenord."
        submitLabel="Skapa nya koder"
        failureTitle="Kunde inte skapa nya koder"
        pending={renew.isPending}
        onConfirm={(password) =>
          renew.mutateAsync({ password }).then((reply) => {
            toast.success(reply.message);
            setAsking(null);
            onCodes(reply.recovery_codes);
          })
        }
        onCancel={() => setAsking(null)}
      />
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        className="h-auto min-h-11 py-2 whitespace-normal"
        onClick={() => setAsking('disable')}
      >
        <ShieldOff aria-hidden="true" />
        Stäng av tvåfaktorsautentisering
      </Button>
      <Button
        variant="outline"
        className="h-auto min-h-11 py-2 whitespace-normal"
        onClick={() => setAsking('renew')}
      >
        <KeyRound aria-hidden="true" />
        Nya återställningskoder
      </Button>
    </div>
  );
}
