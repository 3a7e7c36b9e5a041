import { ErrorCodes, TWO_FACTOR_REMOVAL_DELAY_HOURS } from '@speedway/contracts';
import { CircleCheck, Mail } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { TwoFactorChallenge } from '../api/login';
import { useRequestTwoFactorRemoval } from '../api/request-two-factor-removal';

type TwoFactorRemovalRequestProps = {
  challenge: TwoFactorChallenge;
  /** Back to the app's code. */
  onBack: () => void;
  /** Back to e-mail and password: the ticket is used up (or has run out). */
  onDone: () => void;
};

/** 'Jag har inte tillgång till min autentiseringsapp': removal of 2FA by e-mail, after a delay. */
export function TwoFactorRemovalRequest({
  challenge,
  onBack,
  onDone,
}: TwoFactorRemovalRequestProps) {
  const request = useRequestTwoFactorRemoval();

  if (request.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert variant="success">
          <CircleCheck aria-hidden="true" />
          <AlertDescription>{request.data.message}</AlertDescription>
        </Alert>
        <Button type="button" variant="outline" onClick={onDone}>
          Till inloggningen
        </Button>
      </div>
    );
  }

  const send = () =>
    !request.isPending &&
    request.mutate(
      { ticket: challenge.ticket },
      {
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === ErrorCodes.INVALID_TOKEN) {
            toast.error('Inloggning misslyckades', { description: failure.message });
            onDone();
          } else {
            toast.error('Kunde inte skicka e-post.', {
              description: errorMessage(failure, 'Något gick fel. Försök igen.'),
            });
          }
        },
      },
    );

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Saknar du både autentiseringsappen och dina återställningskoder kan vi ta bort
        tvåfaktorsautentiseringen. Vi mejlar <strong>{challenge.user.email}</strong> direkt. Om
        ingen avbryter med länken i mejlet tas den bort om {TWO_FACTOR_REMOVAL_DELAY_HOURS} timmar,
        och sedan loggar du in med bara lösenordet.
      </p>
      <Button type="button" size="lg" onClick={send} disabled={request.isPending}>
        {request.isPending ? <Spinner /> : <Mail aria-hidden="true" />}
        Skicka mejlet
      </Button>
      <Button type="button" variant="ghost" onClick={onBack} disabled={request.isPending}>
        Tillbaka
      </Button>
    </div>
  );
}
