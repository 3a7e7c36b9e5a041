import type { LoginBody } from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
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
import { useHydrated } from '@/lib/use-hydrated';
import type { TwoFactorChallenge } from '../api/login';
import { loadLoginApi, warmUpLogin } from '../lib/load-on-use';
import { useSubmitWithContracts } from '../lib/use-submit-with-contracts';
import { PasswordInput } from './password-input';

type LoginFormProps = {
  defaultEmail?: string;
  onTwoFactorRequired: (challenge: TwoFactorChallenge) => void;
};

export function LoginForm({ defaultEmail = '', onTwoFactorRequired }: LoginFormProps) {
  const { signIn } = useAuth();
  // useLogin's mutation, with the fetcher loaded on first use (load-on-use.ts).
  const login = useMutation({
    mutationFn: async (body: LoginBody) => (await loadLoginApi()).login(body),
  });
  const hydrated = useHydrated();
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<{ email: string; password: string }>>({});

  const onSubmit = useSubmitWithContracts(({ LoginBodySchema }) => {
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
  }, 'Inloggning misslyckades');

  return (
    <form onSubmit={onSubmit} onFocus={warmUpLogin} noValidate className="grid gap-4">
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
      <Button type="submit" size="lg" disabled={!hydrated || login.isPending}>
        {login.isPending ? <Spinner /> : null}
        Logga in
      </Button>
    </form>
  );
}
