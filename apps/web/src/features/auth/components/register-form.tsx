import { useState } from 'react';
import { toast } from 'sonner';
import { EmailField } from '@/components/email-field';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { validate, type FieldErrors } from '@/lib/form';
import { useHydrated } from '@/lib/use-hydrated';
import { useRegister } from '../api/register';
import { warmUp } from '../lib/load-on-use';
import { PASSWORD_MIN_LENGTH } from '../lib/password-rules';
import { withRequiredEmail } from '../lib/required-email';
import { useSubmitWithContracts } from '../lib/use-submit-with-contracts';
import { PasswordInput } from './password-input';

export const INVALID_EMAIL_MESSAGE = 'Felaktig e-postadress. Kontrollera att adressen är korrekt.';

type RegisterFormProps = {
  onRegistered: (email: string, message: string) => void;
};

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const registration = useRegister();
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<{ email: string; password: string }>>({});

  const onSubmit = useSubmitWithContracts(({ RegisterBodySchema }) => {
    if (registration.isPending) return;
    const result = validate(RegisterBodySchema, { email, password });
    setErrors(withRequiredEmail(email, result.errors));
    if (!result.data) return;
    const body = result.data;
    registration.mutate(body, {
      onSuccess: (reply) => onRegistered(body.email, reply.message),
      onError: (error) =>
        toast.error('Registrering misslyckades', {
          description:
            error instanceof ApiError && error.status === 422
              ? INVALID_EMAIL_MESSAGE
              : errorMessage(error, 'Något gick fel. Försök igen.'),
        }),
    });
  }, 'Registrering misslyckades');

  return (
    <form onSubmit={onSubmit} onFocus={warmUp} noValidate className="grid gap-4">
      <EmailField value={email} onValueChange={setEmail} error={errors.email} />
      <Field label="Lösenord" hint={`Minst ${PASSWORD_MIN_LENGTH} tecken.`} error={errors.password}>
        <PasswordInput
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <p className="text-[13px] text-muted-foreground">
        Vi skickar en länk till din e-post. Kontot fungerar när adressen är verifierad.
      </p>
      <Button type="submit" size="lg" disabled={!hydrated || registration.isPending}>
        {registration.isPending ? <Spinner /> : null}
        Skapa konto
      </Button>
    </form>
  );
}
