import { LogOut } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useHydrated } from '@/lib/use-hydrated';
import { useSignOut } from '../hooks/use-sign-out';
import { useSignOutWarning } from '../hooks/use-sign-out-warning';

// Only a sign-out that would leave changes behind shows it: its dialog code loads then, not with
// the app's entry (the admin header's button is in it; the entry's budget, bench/web-budget.mjs).
const SignOutWarningDialog = lazy(() =>
  import('./sign-out-warning-dialog').then((m) => ({ default: m.SignOutWarningDialog })),
);

export function SignOutButton(props: Omit<ButtonProps, 'onClick' | 'disabled'>) {
  const { signOut, isSigningOut } = useSignOut();
  const { request, warning, cancel } = useSignOutWarning(signOut);
  // Disabled in the prerendered page: a tap there, before the app has started, would be lost.
  const hydrated = useHydrated();
  return (
    <>
      <Button variant="outline" {...props} onClick={request} disabled={isSigningOut || !hydrated}>
        {isSigningOut ? <Spinner /> : <LogOut aria-hidden="true" />}
        Logga ut
      </Button>
      {warning ? (
        <Suspense fallback={null}>
          <SignOutWarningDialog
            userId={warning.userId}
            count={warning.count}
            onCancel={cancel}
            onSignOut={() => {
              cancel();
              signOut();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
