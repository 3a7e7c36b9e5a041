import { Link, Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { useAccount } from '@/features/account/api/get-account';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { useAuth } from '@/lib/auth';
import { ROLE_LABELS } from '@/lib/user';
import { cn } from '@/lib/utils';
import { NavigationProgress } from './navigation-progress';

const ADMIN_NAV = [
  { to: '/admin', label: 'Översikt', end: true, superAdminOnly: false },
  { to: '/admin/ads', label: 'Annonser', end: false, superAdminOnly: false },
  { to: '/admin/official-data', label: 'Officiella data', end: false, superAdminOnly: true },
  { to: '/admin/riders', label: 'Förare', end: false, superAdminOnly: true },
];

export function AdminLayout() {
  const { user } = useAuth();
  const account = useAccount();
  const { pathname } = useLocation();
  const me = account.data ?? user;
  const nav = ADMIN_NAV.filter((item) => !item.superAdminOnly || me?.role === 'super_admin');

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b-2 border-primary bg-chrome text-chrome-foreground shadow-md">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 md:px-6">
          <Link
            to="/admin"
            className="flex items-center gap-2 rounded-lg py-1 font-extrabold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/70"
          >
            <Logo className="size-9" />
            {/* On a 320 px phone the name gives way to the two buttons (the row overflowed, and
                the whole page was drawn zoomed out); the link keeps it for screen readers. */}
            <span className="max-[359px]:sr-only">Admin</span>
          </Link>
          <div className="ml-auto flex items-center gap-1">
            <Button
              asChild
              variant="ghost"
              size="sm"
              className="h-11 text-chrome-foreground hover:bg-white/10"
            >
              <Link to="/">Till appen</Link>
            </Button>
            {/* The app's own button: unsynced protocol changes are warned about here too. */}
            <SignOutButton
              size="sm"
              className="h-11 border-white/20 bg-transparent text-chrome-foreground hover:bg-white/10"
            />
          </div>
        </div>
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 px-4 md:px-6">
          <nav aria-label="Adminmeny">
            <ul className="flex flex-wrap gap-x-1">
              {nav.map((item) => {
                const active = item.end
                  ? pathname === item.to
                  : pathname === item.to || pathname.startsWith(`${item.to}/`);
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'relative inline-flex h-11 items-center px-3 text-sm font-semibold whitespace-nowrap text-chrome-muted outline-none hover:text-chrome-foreground focus-visible:ring-[3px] focus-visible:ring-ring/70',
                        active &&
                          'text-chrome-foreground after:absolute after:inset-x-3 after:bottom-0 after:h-[3px] after:rounded-full after:bg-primary',
                      )}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {me ? (
            // Wraps on a phone rather than cutting the role off.
            <p className="ml-auto min-w-0 py-2 text-[13px] break-words text-chrome-muted">
              {me.email} ({ROLE_LABELS[me.role]})
            </p>
          ) : null}
        </div>
      </header>
      <NavigationProgress />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:px-6">
        <Outlet />
      </main>
    </div>
  );
}
