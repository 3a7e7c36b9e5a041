import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth';
import { getToken, setLogoutNotice } from '@/lib/storage';
import { logout } from '../api/logout';

export const SIGNED_OUT_NOTICE = 'Du har loggats ut.';
export const LOGOUT_DELAY_MS = 500;

/** Manual sign-out: the notice for the login page, a short pause, then everything is forgotten. */
export function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const run = useCallback(() => {
    if (timer.current !== undefined) return;
    setIsSigningOut(true);
    setLogoutNotice(SIGNED_OUT_NOTICE);
    timer.current = window.setTimeout(() => {
      const token = getToken();
      signOut('manual');
      // The server forgets the session too; if it cannot be told, the session still ends here.
      if (token) logout(token).catch(() => undefined);
      navigate('/auth', { replace: true });
    }, LOGOUT_DELAY_MS);
  }, [navigate, signOut]);

  return { signOut: run, isSigningOut };
}
