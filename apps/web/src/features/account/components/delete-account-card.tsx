import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useDeleteAccount } from '../api/delete-account';

export const DELETE_CONFIRMATION_WORD = 'RADERA';

export function DeleteAccountCard() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const confirmed = typed === DELETE_CONFIRMATION_WORD;

  const submit = () => {
    if (remove.isPending) return;
    if (!confirmed) {
      toast.error('Skriv RADERA för att bekräfta');
      return;
    }
    const id = toast.loading('Tar bort konto…');
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success('Konto borttaget', { id });
        signOut('account_deleted');
        navigate('/auth', { replace: true });
      },
      onError: (error) =>
        toast.error('Kunde inte ta bort kontot', {
          id,
          description: errorMessage(error, '') || undefined,
        }),
    });
  };

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlert className="size-5" aria-hidden="true" />
          Radera konto
        </CardTitle>
        <CardDescription>
          Kontot och allt som hör till det – profil, inloggade enheter och sparade protokoll – tas
          bort för gott. Det går inte att ångra.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field label={`Bekräfta genom att skriva ${DELETE_CONFIRMATION_WORD}`}>
            <Input
              name="confirm-delete"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              // A disabled submit button blocks Enter, so Enter is handled here to explain why.
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  submit();
                }
              }}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
              {remove.isPending ? <Spinner /> : null}
              Radera mitt konto
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
