import { House, ListChecks, Plus, Settings, Trophy, type LucideIcon } from 'lucide-react';

export type NavItem = {
  to: string;
  label: string;
  /** Only the exact path counts as this item (the start page would otherwise match everything). */
  end?: boolean;
  /** A path prefix that also highlights the item. */
  activePrefix?: string;
  icon: LucideIcon;
};

/**
 * Desktop top navigation (docs/spec/1-app-shell-auth-account.md §2): '/' is labelled Tabell,
 * '/my-matches' Dashboard.
 */
export const TOP_NAV: readonly NavItem[] = [
  { to: '/', label: 'Tabell', end: true, icon: Trophy },
  { to: '/my-matches', label: 'Dashboard', icon: ListChecks },
  { to: '/matches', label: 'Matcher', icon: Plus },
];

/** Phone bottom bar: five slots, Ny in the centre. */
export const BOTTOM_NAV: readonly NavItem[] = [
  { to: '/', label: 'Hem', end: true, icon: House },
  { to: '/my-matches', label: 'Matcher', icon: ListChecks },
  { to: '/matches', label: 'Ny', icon: Plus },
  { to: '/tabell', label: 'Tabell', icon: Trophy },
  { to: '/account/settings', label: 'Inställningar', activePrefix: '/account', icon: Settings },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  if (item.end) return pathname === item.to;
  return under(item.to) || (item.activePrefix !== undefined && under(item.activePrefix));
}
