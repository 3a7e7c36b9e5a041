import { RotateCw } from 'lucide-react';
import { Outlet, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

export function RootRoute() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Last resort for a page that crashed or a route chunk that no longer exists after an update. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold">Något gick fel</h1>
      <p className="text-muted-foreground">
        Sidan kunde inte visas. Ladda om sidan och försök igen.
        {detail ? <span className="block text-sm">{detail}</span> : null}
      </p>
      <Button onClick={() => window.location.reload()}>
        <RotateCw aria-hidden="true" />
        Ladda om
      </Button>
    </main>
  );
}
