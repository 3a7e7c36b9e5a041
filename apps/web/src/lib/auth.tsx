import type { User } from '@speedway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hasIndexedDb } from './offline/available';
import { endSession, LOGOUT_EVENT, type LogoutEventDetail, type LogoutReason } from './session';
import { getStoredUser, getToken, setStoredUser, setToken, STORAGE_KEYS } from './storage';

export type AuthSession = { token: string; user: User };

type AuthContextValue = {
  user: User | null;
  token: string | null;
  /** Why the last session ended in this tab, so guards know whether to remember the page. */
  signedOutReason: LogoutReason | null;
  signIn: (session: AuthSession) => void;
  updateUser: (user: User) => void;
  signOut: (reason: LogoutReason) => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/** Signed in means both a token and a user are stored; either one alone is signed out. */
function readSession(): AuthSession | null {
  const token = getToken();
  const user = getStoredUser();
  return token && user ? { token, user } : null;
}

type AuthProviderProps = {
  children: React.ReactNode;
  /**
   * The session to start with instead of the stored one: the build prerenders signed-in pages with
   * a stand-in (app/prerender.tsx), where there is no storage to read.
   */
  initialSession?: AuthSession | null;
};

export function AuthProvider({ children, initialSession }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<AuthSession | null>(() =>
    initialSession === undefined ? readSession() : initialSession,
  );
  const [signedOutReason, setSignedOutReason] = useState<LogoutReason | null>(null);
  const sessionRef = useRef(session);
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);

  // The service worker replays the outbox with this row (ADR 010 §2); endSession deletes it.
  const userId = session?.user.id;
  const token = session?.token;
  useEffect(() => {
    if (userId && token && hasIndexedDb()) {
      void import('./offline/db')
        .then((db) => db.writeSession({ userId, token }))
        .catch(() => undefined);
    }
  }, [userId, token]);

  useEffect(() => {
    const onLogout = (event: Event) => {
      const detail = (event as CustomEvent<LogoutEventDetail | undefined>).detail;
      sessionRef.current = null;
      setSession(null);
      setSignedOutReason(detail?.reason ?? 'manual');
      queryClient.clear();
    };
    // Another tab signed in, out or as someone else.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user)
        return;
      const previous = sessionRef.current;
      const next = readSession();
      if (!next) {
        if (!previous) return;
        sessionRef.current = null;
        setSession(null);
        setSignedOutReason('storage');
        queryClient.clear();
        return;
      }
      if (previous?.user.id !== next.user.id) queryClient.clear();
      if (
        previous?.token !== next.token ||
        JSON.stringify(previous.user) !== JSON.stringify(next.user)
      ) {
        sessionRef.current = next;
        setSession(next);
        setSignedOutReason(null);
      }
    };
    window.addEventListener(LOGOUT_EVENT, onLogout);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(LOGOUT_EVENT, onLogout);
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);

  const signIn = useCallback(
    (next: AuthSession) => {
      setToken(next.token);
      setStoredUser(next.user);
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      sessionRef.current = next;
      setSession(next);
      setSignedOutReason(null);
    },
    [queryClient],
  );

  const updateUser = useCallback((user: User) => {
    const current = sessionRef.current;
    if (!current || current.user.id !== user.id) return;
    setStoredUser(user);
    const next = { token: current.token, user };
    sessionRef.current = next;
    setSession(next);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      token: session?.token ?? null,
      signedOutReason,
      signIn,
      updateUser,
      signOut: endSession,
    }),
    [session, signedOutReason, signIn, updateUser],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>.');
  return context;
}
