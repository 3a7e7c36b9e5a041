import { ErrorCodes, RecoveryCodeSchema } from '@speedway/contracts';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { TwoFactorChallenge } from '../api/login';
import { useVerifyTwoFactorLogin } from '../api/verify-two-factor-login';

type RecoveryCodeFormProps = {
  challenge: TwoFactorChallenge;
  /** Back to the app's code. */
  onBack: () => void;
  /** Back to e-mail and password (the ticket has run out). */
  onCancel: () => void;
};

/** The code step with one of the recovery codes given when 2FA was turned on. */
export function RecoveryCodeForm({ challenge, onBack, onCancel }: RecoveryCodeFormProps) {
  const { signIn } = useAuth();
  const verify = useVerifyTwoFactorLogin();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    const parsed = RecoveryCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    verify.mutate(
      { ticket: challenge.ticket, recovery_code: code },
      {
        onSuccess: signIn,
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === ErrorCodes.INVALID_TOKEN) {
            toast.error('Inloggning misslyckades', { description: failure.message });
            onCancel();
          } else if (
            failure instanceof ApiError &&
            (failure.code === ErrorCodes.INVALID_CODE || failure.status === 401)
          ) {
            setCode('');
            toast.error('Felaktig kod', { description: 'Prova igen.' });
          } else {
            toast.error('Inloggning misslyckades', {
              description: errorMessage(failure, 'Något gick fel. Försök igen.'),
            });
          }
        },
      },
    );
  };

  return (
    <form noValidate className="grid gap-5" onSubmit={onSubmit}>
      <Field
        label="Återställningskod"
        hint={`En av koderna du sparade när du aktiverade tvåfaktorsautentisering för ${challenge.user.email}, t.ex. ABCD-EFGH-JKLM. Varje kod fungerar en gång.`}
        error={error}
      >
        <Input
          name="recovery-code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the step was opened to take this code.
          autoFocus
        />
      </Field>
      <Button type="submit" size="lg" disabled={verify.isPending}>
        {verify.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
        Logga in
      </Button>
      <Button type="button" variant="ghost" onClick={onBack} disabled={verify.isPending}>
        Använd koden från appen
      </Button>
    </form>
  );
}
