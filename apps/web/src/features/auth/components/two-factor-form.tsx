import { ErrorCodes } from '@speedway/contracts';
import { ShieldCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { OtpInput } from '@/components/ui/otp-input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useOtpEntry } from '@/lib/use-otp-entry';
import type { TwoFactorChallenge } from '../api/login';
import { useVerifyTwoFactorLogin } from '../api/verify-two-factor-login';
import { RecoveryCodeForm } from './recovery-code-form';
import { TwoFactorRemovalRequest } from './two-factor-removal-request';

type TwoFactorFormProps = {
  challenge: TwoFactorChallenge;
  /** Back to e-mail and password, e.g. when the login ticket has run out. */
  onCancel: () => void;
};

/**
 * The code step of a login: the app's code, or (without the app) a recovery code or removal of
 * 2FA by e-mail after a delay.
 */
export function TwoFactorForm({ challenge, onCancel }: TwoFactorFormProps) {
  const [way, setWay] = useState<'app' | 'recovery-code' | 'e-mail'>('app');
  if (way === 'recovery-code') {
    return (
      <RecoveryCodeForm challenge={challenge} onBack={() => setWay('app')} onCancel={onCancel} />
    );
  }
  if (way === 'e-mail') {
    return (
      <TwoFactorRemovalRequest
        challenge={challenge}
        onBack={() => setWay('app')}
        onDone={onCancel}
      />
    );
  }
  return (
    <AppCodeForm
      challenge={challenge}
      onCancel={onCancel}
      onRecoveryCode={() => setWay('recovery-code')}
      onLostApp={() => setWay('e-mail')}
    />
  );
}

function AppCodeForm({
  challenge,
  onCancel,
  onRecoveryCode,
  onLostApp,
}: TwoFactorFormProps & { onRecoveryCode: () => void; onLostApp: () => void }) {
  const { signIn } = useAuth();
  const verify = useVerifyTwoFactorLogin();
  const otp = useOtpEntry({
    pending: verify.isPending,
    onCode: (code) =>
      verify.mutate(
        { ticket: challenge.ticket, code },
        {
          onSuccess: signIn,
          onError: (failure) => {
            otp.reset();
            if (failure instanceof ApiError && failure.code === ErrorCodes.INVALID_TOKEN) {
              toast.error('Inloggning misslyckades', { description: failure.message });
              onCancel();
            } else if (
              failure instanceof ApiError &&
              (failure.code === ErrorCodes.INVALID_CODE || failure.status === 401)
            ) {
              toast.error('Felaktig kod', { description: 'Prova igen.' });
            } else {
              toast.error('Inloggning misslyckades', {
                description: errorMessage(failure, 'Något gick fel. Försök igen.'),
              });
            }
          },
        },
      ),
  });

  return (
    <form noValidate className="grid gap-5" onSubmit={otp.onSubmit}>
      <div className="flex items-center gap-3 rounded-lg bg-muted px-4 py-3 text-sm">
        <Smartphone className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div>
          <div className="text-muted-foreground">Inloggning från</div>
          <div className="font-semibold" data-testid="device-label">
            {challenge.deviceLabel}
          </div>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="two-factor-code">Verifieringskod</Label>
        <OtpInput
          id="two-factor-code"
          name="code"
          {...otp.inputProps}
          aria-invalid={otp.error ? true : undefined}
          aria-describedby="two-factor-help"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the step exists to take this code; focus follows the user from the password form.
          autoFocus
        />
        <p id="two-factor-help" className="text-[13px] text-muted-foreground">
          Ange den 6-siffriga koden från din autentiseringsapp för {challenge.user.email}.
        </p>
        {otp.error ? (
          <p role="alert" className="text-[13px] font-medium text-destructive">
            {otp.error}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={verify.isPending}>
        {verify.isPending ? <Spinner /> : <ShieldCheck aria-hidden="true" />}
        Verifiera
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel} disabled={verify.isPending}>
        Avbryt
      </Button>
      <div className="grid justify-items-center gap-1 border-t pt-3">
        <Button
          type="button"
          variant="link"
          className="h-auto min-h-11 py-2 text-center whitespace-normal"
          onClick={onRecoveryCode}
          disabled={verify.isPending}
        >
          Använd en återställningskod
        </Button>
        <Button
          type="button"
          variant="link"
          className="h-auto min-h-11 py-2 text-center whitespace-normal"
          onClick={onLostApp}
          disabled={verify.isPending}
        >
          Jag har inte tillgång till min autentiseringsapp
        </Button>
      </div>
    </form>
  );
}
