import { ErrorCodes, PasswordConfirmBodySchema } from '@speedway/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { validate } from '@/lib/form';

type PasswordConfirmFormProps = {
  /** What the password confirms, above the field. */
  prompt: string;
  submitLabel: string;
  /** The toast title when the call fails for another reason than a wrong password. */
  failureTitle: string;
  destructive?: boolean;
  pending: boolean;
  /** Calls the server; rejects with its error. */
  onConfirm: (password: string) => Promise<unknown>;
  onCancel: () => void;
};

/** A change behind the current password: a wrong one is shown at the field, anything else as a toast. */
export function PasswordConfirmForm({
  prompt,
  submitLabel,
  failureTitle,
  destructive = false,
  pending,
  onConfirm,
  onCancel,
}: PasswordConfirmFormProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const result = validate(PasswordConfirmBodySchema, { password });
    setError(result.errors?.password);
    if (!result.data) return;
    onConfirm(result.data.password).catch((failure: unknown) => {
      if (failure instanceof ApiError && failure.code === ErrorCodes.WRONG_PASSWORD) {
        setError(failure.message);
        setPassword('');
      } else {
        toast.error(failureTitle, {
          description: errorMessage(failure, 'Något gick fel. Försök igen.'),
        });
      }
    });
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit}>
      <p className="text-sm">{prompt}</p>
      <Field label="Lösenord" error={error}>
        <Input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the button just pressed, to take this one field.
          autoFocus
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
          {pending ? <Spinner /> : null}
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          Avbryt
        </Button>
      </div>
    </form>
  );
}
