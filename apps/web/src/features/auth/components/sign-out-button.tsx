import { LogOut } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSignOut } from '../hooks/use-sign-out';

export function SignOutButton(props: Omit<ButtonProps, 'onClick' | 'disabled'>) {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Button variant="outline" {...props} onClick={signOut} disabled={isSigningOut}>
      {isSigningOut ? <Spinner /> : <LogOut aria-hidden="true" />}
      Logga ut
    </Button>
  );
}
