import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useVerifyEmail } from '../api/verify-email';

export const MISSING_VERIFY_TOKEN = 'Verifieringslänken saknar token.';
export const VERIFY_FAILED = 'Verifieringen misslyckades. Länken kan vara ogiltig eller förbrukad.';

export function VerifyEmailStatus({ token }: { token: string | null }) {
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The token is single-use: a second call (React's development double effects) would fail.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  if (!token || verify.isError) {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{token ? VERIFY_FAILED : MISSING_VERIFY_TOKEN}</AlertDescription>
        </Alert>
        <Button asChild variant="outline">
          <Link to="/auth">Till inloggningen</Link>
        </Button>
      </div>
    );
  }

  if (verify.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert variant="success">
          <CircleCheck aria-hidden="true" />
          <AlertDescription>{verify.data.message}</AlertDescription>
        </Alert>
        <Button asChild size="lg">
          <Link to="/auth">Logga in</Link>
        </Button>
      </div>
    );
  }

  return (
    <p className="flex items-center gap-3 text-muted-foreground">
      <Spinner className="size-5" />
      Verifierar e-postadressen…
    </p>
  );
}
