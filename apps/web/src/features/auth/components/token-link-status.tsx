import type { MessageResponse } from '@speedway/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

type Props = {
  token: string | null;
  action: UseMutationResult<MessageResponse, Error, { token: string }>;
  texts: { missing: string; failed: string; pending: string };
};

/** A page opened from a mailed single-use link: sends the token once and shows the outcome. */
export function TokenLinkStatus({ token, action, texts }: Props) {
  const { mutate } = action;
  // The token is single-use: a second call (React's development double effects) would fail.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  if (!token || action.isError) {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{token ? texts.failed : texts.missing}</AlertDescription>
        </Alert>
        <Button asChild variant="outline">
          <Link to="/auth">Till inloggningen</Link>
        </Button>
      </div>
    );
  }

  if (action.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert variant="success">
          <CircleCheck aria-hidden="true" />
          <AlertDescription>{action.data.message}</AlertDescription>
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
      {texts.pending}
    </p>
  );
}
