import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { useAccount } from '@/features/account/api/get-account';
import { useAuth } from '@/lib/auth';
import type { LogoutReason } from '@/lib/session';
import { isAdminRole, landingPathFor } from '@/lib/user';
import { isRecord } from '@/lib/utils';

/** Location state that sends the user back after signing in. */
export type AuthRedirectState = { from: string };

export function authRedirectState(path: string): AuthRedirectState {
  return { from: path };
}

/** A path worth returning to: inside the app, and not the login page itself. */
export function rememberedPath(state: unknown): string | null {
  if (!isRecord(state) || typeof state.from !== 'string') return null;
  const { from } = state;
  if (
    !from.startsWith('/') ||
    from.startsWith('//') ||
    from === '/auth' ||
    from.startsWith('/auth?')
  )
    return null;
  return from;
}

// Someone who chose to leave (or deleted the account) starts afresh on their next sign-in.
function redirectStateFor(location: Location, reason: LogoutReason | null) {
  if (reason === 'manual' || reason === 'account_deleted') return undefined;
  return authRedirectState(`${location.pathname}${location.search}${location.hash}`);
}

export function RequireAuth() {
  const { user, signedOutReason } = useAuth();
  const location = useLocation();
  if (!user) {
    return <Navigate to="/auth" replace state={redirectStateFor(location, signedOutReason)} />;
  }
  return <Outlet />;
}

/** /auth is for signed-out visitors: anyone signed in goes on to the page they came for. */
export function GuestOnly() {
  const { user } = useAuth();
  const location = useLocation();
  if (user) {
    return <Navigate to={rememberedPath(location.state) ?? landingPathFor(user.role)} replace />;
  }
  return <Outlet />;
}

/**
 * The admin area trusts the role the server reports, not the copy kept in the browser, so it shows
 * nothing until the account has loaded (falling back to the stored role if that call fails).
 */
export function RequireAdmin() {
  const { user, signedOutReason } = useAuth();
  const account = useAccount();
  const location = useLocation();
  if (!user) {
    return <Navigate to="/auth" replace state={redirectStateFor(location, signedOutReason)} />;
  }
  if (account.isPending) return null;
  if (!isAdminRole(account.data?.role ?? user.role)) return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * A page of the admin area for a super_admin only. It sits inside RequireAdmin, so the account has
 * loaded (or failed, and the stored role stands in); anyone else is sent where the admin area
 * sends one without the right.
 */
export function RequireSuperAdmin() {
  const { user } = useAuth();
  const account = useAccount();
  if ((account.data?.role ?? user?.role) !== 'super_admin') return <Navigate to="/" replace />;
  return <Outlet />;
}
