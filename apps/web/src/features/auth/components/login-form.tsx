import { LoginBodySchema } from '@speedway/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EmailField } from '@/components/email-field';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { validate, type FieldErrors } from '@/lib/form';
import { useLogin, type TwoFactorChallenge } from '../api/login';
import { PasswordInput } from './password-input';

type LoginFormProps = {
  defaultEmail?: string;
  onTwoFactorRequired: (challenge: TwoFactorChallenge) => void;
};

export function LoginForm({ defaultEmail = '', onTwoFactorRequired }: LoginFormProps) {
  const { signIn } = useAuth();
  const login = useLogin();
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<{ email: string; password: string }>>({});

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const result = validate(LoginBodySchema, { email, password });
    setErrors(result.errors ?? {});
    if (!result.data) return;
    login.mutate(result.data, {
      // Signing in is all it takes: the /auth guard then sends the user on.
      onSuccess: (reply) =>
        reply.kind === 'session' ? signIn(reply.session) : onTwoFactorRequired(reply.challenge),
      onError: (error) =>
        toast.error('Inloggning misslyckades', {
          description: errorMessage(error, 'Något gick fel. Försök igen.'),
        }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <EmailField
        autoComplete="username"
        value={email}
        onValueChange={setEmail}
        error={errors.email}
      />
      <Field label="Lösenord" error={errors.password}>
        <PasswordInput
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <div className="-mt-1 flex justify-end">
        <Link
          to="/auth/forgot-password"
          className="inline-flex min-h-11 items-center text-sm font-medium text-primary hover:underline"
        >
          Glömt lösenordet?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? <Spinner /> : null}
        Logga in
      </Button>
    </form>
  );
}
