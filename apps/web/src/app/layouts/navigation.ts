import {
  ChartColumn,
  House,
  ListChecks,
  Plus,
  Settings,
  Trophy,
  type LucideIcon,
} from 'lucide-react';

export type NavItem = {
  to: string;
  label: string;
  /** Only the exact path counts as this item (the start page would otherwise match everything). */
  end?: boolean;
  /** Path prefixes that also highlight the item. */
  activePrefixes?: readonly string[];
  icon: LucideIcon;
};

/** The statistics' pages (issue 28): the ranking, a rider's and a team's. */
const STATISTICS_PREFIXES = ['/statistik', '/forare', '/lag'] as const;

/**
 * Desktop top navigation (docs/spec/1-app-shell-auth-account.md §2): '/' is labelled Tabell,
 * '/my-matches' Dashboard; Statistik (issue 28) stays highlighted on a rider's and a team's page.
 */
export const TOP_NAV: readonly NavItem[] = [
  { to: '/', label: 'Tabell', end: true, icon: Trophy },
  { to: '/my-matches', label: 'Dashboard', icon: ListChecks },
  { to: '/matches', label: 'Matcher', icon: Plus },
  { to: '/statistik', label: 'Statistik', activePrefixes: STATISTICS_PREFIXES, icon: ChartColumn },
];

/**
 * Phone bottom bar: five slots, Ny in the centre (the spec's five). The statistics sit under
 * Tabell there: /tabell and /statistik link to each other, and the slot stays highlighted on them.
 */
export const BOTTOM_NAV: readonly NavItem[] = [
  { to: '/', label: 'Hem', end: true, icon: House },
  { to: '/my-matches', label: 'Matcher', icon: ListChecks },
  { to: '/matches', label: 'Ny', icon: Plus },
  { to: '/tabell', label: 'Tabell', activePrefixes: STATISTICS_PREFIXES, icon: Trophy },
  { to: '/account/settings', label: 'Inställningar', activePrefixes: ['/account'], icon: Settings },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  if (item.end) return pathname === item.to;
  return under(item.to) || (item.activePrefixes ?? []).some(under);
}
