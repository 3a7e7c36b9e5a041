import { PASSWORD_MIN_LENGTH, PasswordChangeBodySchema } from '@speedway/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { validate } from '@/lib/form';
import { useChangePassword } from '../api/change-password';

type Errors = { current_password?: string; new_password?: string; confirmation?: string };

export function ChangePasswordCard() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const result = validate(PasswordChangeBodySchema, {
      current_password: current,
      new_password: next,
    });
    const found: Errors = { ...result.errors };
    if (!found.new_password && next !== confirmation) found.confirmation = 'Lösenord matchar inte';
    setErrors(found);
    if (!result.data || Object.keys(found).length > 0) return;
    change.mutate(result.data, {
      onSuccess: (reply) => {
        toast.success(reply.message);
        setCurrent('');
        setNext('');
        setConfirmation('');
      },
      onError: (error) =>
        toast.error('Kunde inte byta lösenord.', {
          description: errorMessage(error, 'Något gick fel. Försök igen.'),
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Byt lösenord</CardTitle>
        <CardDescription>
          Dina andra inloggade enheter loggas ut när lösenordet byts.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field label="Nuvarande lösenord" error={errors.current_password}>
            <Input
              type="password"
              name="current-password"
              autoComplete="current-password"
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
            />
          </Field>
          <Field
            label="Nytt lösenord"
            hint={`Minst ${PASSWORD_MIN_LENGTH} tecken.`}
            error={errors.new_password}
          >
            <Input
              type="password"
              name="new-password"
              autoComplete="new-password"
              value={next}
              onChange={(event) => setNext(event.target.value)}
            />
          </Field>
          <Field label="Bekräfta nytt lösenord" error={errors.confirmation}>
            <Input
              type="password"
              name="confirm-password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? <Spinner /> : null}
              Byt lösenord
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
