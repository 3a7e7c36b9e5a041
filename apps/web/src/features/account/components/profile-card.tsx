import { ProfileUpdateBodySchema, type Account, type ProfileUpdateBody } from '@speedway/contracts';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { EmailField } from '@/components/email-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { validate, type FieldErrors } from '@/lib/form';
import { useAccount } from '../api/get-account';
import { useUpdateProfile } from '../api/update-profile';
import { AccountLoadError } from './account-load-error';

export function ProfileCard() {
  const account = useAccount();
  if (account.isError) {
    return <AccountLoadError onRetry={() => account.refetch()} retrying={account.isFetching} />;
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profil</CardTitle>
        <CardDescription>
          Namnet visas i appen; e-postadressen använder du för att logga in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {account.data ? (
          <ProfileForm account={account.data} />
        ) : (
          <div className="grid gap-4" aria-busy="true">
            <Skeleton className="h-11" />
            <Skeleton className="h-11" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function ProfileForm({ account }: { account: Account }) {
  const update = useUpdateProfile();
  const [displayName, setDisplayName] = useState(account.display_name ?? '');
  const [email, setEmail] = useState(account.email);
  const [errors, setErrors] = useState<FieldErrors<{ display_name: string; email: string }>>({});

  const unchanged =
    displayName.trim() === (account.display_name ?? '') &&
    email.trim().toLowerCase() === account.email;

  const save = (body: ProfileUpdateBody) =>
    update.mutate(body, {
      onSuccess: (reply) => {
        toast.success(reply.message);
        // A new address waits (shown below the field) until its link is followed; the field
        // shows the address the account has.
        setEmail(reply.user.email);
      },
      onError: (error) =>
        toast.error('Kunde inte spara', {
          description: errorMessage(error, 'Något gick fel. Försök igen.'),
        }),
    });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const result = validate(ProfileUpdateBodySchema, { display_name: displayName, email });
    setErrors(result.errors ?? {});
    if (!result.data) return;
    save(result.data);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label="Visningsnamn" error={errors.display_name}>
        <Input
          name="display_name"
          autoComplete="nickname"
          value={displayName}
          maxLength={80}
          onChange={(event) => setDisplayName(event.target.value)}
        />
      </Field>
      <EmailField value={email} onValueChange={setEmail} error={errors.email} />
      {account.pending_email ? (
        <Alert>
          <MailCheck aria-hidden="true" />
          <AlertDescription className="grid gap-2">
            <p>
              Väntar på bekräftelse: <strong>{account.pending_email}</strong>. Vi har skickat en
              länk till den nya adressen. Till dess loggar du in med {account.email}.
            </p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={update.isPending}
              onClick={() => save({ email: account.email })}
            >
              Avbryt bytet
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending || unchanged}>
          {update.isPending ? <Spinner /> : null}
          Spara
        </Button>
      </div>
    </form>
  );
}
