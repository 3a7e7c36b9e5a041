import { ChevronRight, House } from 'lucide-react';
import { Link, useLocation } from 'react-router';

export type Crumb = { label: string; to?: string };

const ACCOUNT_PAGES: Record<string, string> = {
  settings: 'Inställningar',
  profile: 'Profil',
  notifications: 'Notiser',
  appearance: 'Utseende',
  security: 'Säkerhet',
  privacy: 'Data & sekretess',
  tutorials: 'Snabbguider',
};

const MY_MATCHES_TABS: Record<string, string> = {
  'created-protocols': 'Skapade',
  'saved-protocols': 'Sparade',
};

const DASHBOARD: Crumb = { label: 'Dashboard', to: '/dashboard' };
const STATISTICS: Crumb = { label: 'Statistik', to: '/statistik' };
const MY_MATCHES: Crumb = { label: 'Mina matcher', to: '/my-matches' };

/**
 * The trail above a page (docs/spec/1-app-shell-auth-account.md §2): matches and my-matches sit
 * under the dashboard, a match under matches, account pages under the account. The last crumb is
 * the page itself.
 */
export function breadcrumbsFor(pathname: string, matchesLabel = 'Matcher'): Crumb[] {
  const [first, second, third] = pathname.split('/').filter(Boolean);
  const matches: Crumb = { label: matchesLabel, to: '/matches' };
  switch (first) {
    case 'dashboard':
      return second ? [] : [{ label: 'Dashboard' }];
    case 'tabell':
      return second ? [] : [{ label: 'Tabell' }];
    case 'statistik':
      return second ? [] : [{ label: 'Statistik' }];
    case 'forare':
      return second && !third ? [STATISTICS, { label: 'Förare' }] : [];
    case 'lag':
      return second && !third ? [STATISTICS, { label: 'Lag' }] : [];
    case 'matches':
      if (!second) return [DASHBOARD, { label: matchesLabel }];
      return second === 'official' && third
        ? [DASHBOARD, matches, { label: 'Officiell match' }]
        : [];
    case 'match':
      return second ? [DASHBOARD, matches, { label: 'Matchprotokoll' }] : [];
    case 'my-matches':
      if (second === 'saved' && third) return [DASHBOARD, MY_MATCHES, { label: 'Sparad match' }];
      return [DASHBOARD, MY_MATCHES, { label: MY_MATCHES_TABS[second ?? ''] ?? 'Skapade' }];
    case 'account': {
      if (!second) return [{ label: 'Mina sidor' }];
      const page = ACCOUNT_PAGES[second];
      return page && !third ? [{ label: 'Mina sidor', to: '/account' }, { label: page }] : [];
    }
    default:
      return [];
  }
}

function matchesLabelFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const label = (state as { matchesLabel?: unknown }).matchesLabel;
  return typeof label === 'string' && label.trim() !== '' ? label : undefined;
}

/** Desktop only; phones have the bottom bar and back links instead. */
export function Breadcrumbs() {
  const location = useLocation();
  const trail = breadcrumbsFor(location.pathname, matchesLabelFrom(location.state));
  if (trail.length === 0) return null;
  return (
    <nav aria-label="Brödsmulor" className="mb-4 hidden md:block">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        <li>
          <Link
            to="/"
            className="inline-flex items-center gap-1 rounded px-1 py-1 hover:text-foreground"
          >
            <House className="size-4" aria-hidden="true" />
            Hem
          </Link>
        </li>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={`${crumb.label}-${index}`} className="flex items-center gap-1">
              <ChevronRight className="size-4 opacity-60" aria-hidden="true" />
              {last || !crumb.to ? (
                <span
                  aria-current={last ? 'page' : undefined}
                  className="px-1 font-medium text-foreground"
                >
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="rounded px-1 py-1 hover:text-foreground">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
