import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useHydrated } from '@/lib/use-hydrated';
import { useResetPassword } from '../api/reset-password';
import { warmUp } from '../lib/load-on-use';
import { PASSWORD_MIN_LENGTH } from '../lib/password-rules';
import { useSubmitWithContracts } from '../lib/use-submit-with-contracts';
import { PasswordInput } from './password-input';

export const RESET_REDIRECT_MS = 1200;
export const PASSWORD_MISMATCH = 'Lösenord matchar inte';

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => navigate('/auth', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const onSubmit = useSubmitWithContracts(({ NewPasswordSchema }) => {
    if (reset.isPending || reset.isSuccess) return;
    if (password === '' || password !== confirmation) {
      setErrors({ confirmation: PASSWORD_MISMATCH });
      return;
    }
    const parsed = NewPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setErrors({ password: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    reset.mutate(
      { token, new_password: parsed.data },
      {
        onSuccess: (reply) => toast.success(reply.message),
        onError: () =>
          toast.error('Kunde inte återställa lösenord', {
            description: 'Länken kan vara ogiltig eller ha gått ut.',
          }),
      },
    );
  }, 'Kunde inte återställa lösenord');

  if (reset.isSuccess) {
    return (
      <Alert variant="success">
        <CircleCheck aria-hidden="true" />
        <AlertDescription>
          {reset.data.message} Du skickas vidare till inloggningen…
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} onFocus={warmUp} noValidate className="grid gap-4">
      <Field
        label="Nytt lösenord"
        hint={`Minst ${PASSWORD_MIN_LENGTH} tecken.`}
        error={errors.password}
      >
        <PasswordInput
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <Field label="Bekräfta lösenord" error={errors.confirmation}>
        <PasswordInput
          name="confirm-password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" disabled={!hydrated || reset.isPending}>
        {reset.isPending ? <Spinner /> : null}
        Spara nytt lösenord
      </Button>
    </form>
  );
}
