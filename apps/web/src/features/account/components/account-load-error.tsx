import { CircleAlert, RotateCw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

export const ACCOUNT_LOAD_ERROR = 'Kunde inte hämta kontouppgifter just nu.';

export function AccountLoadError({
  onRetry,
  retrying,
}: {
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{ACCOUNT_LOAD_ERROR}</AlertTitle>
      <AlertDescription>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" />
          Försök igen
        </Button>
      </AlertDescription>
    </Alert>
  );
}
