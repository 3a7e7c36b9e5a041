import {
  BookOpen,
  Bell,
  ChevronRight,
  Palette,
  ShieldCheck,
  UserRound,
  Database,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';

type Entry = { to: string; label: string; description: string; icon: LucideIcon };

export const ACCOUNT_ENTRIES: readonly Entry[] = [
  {
    to: '/account/profile',
    label: 'Profil',
    description: 'Namn och e-postadress',
    icon: UserRound,
  },
  {
    to: '/account/appearance',
    label: 'Utseende',
    description: 'Tema och vibration',
    icon: Palette,
  },
  {
    to: '/account/tutorials',
    label: 'Snabbguider',
    description: 'Visa introduktionen och guiderna igen',
    icon: BookOpen,
  },
  {
    to: '/account/notifications',
    label: 'Notiser',
    description: 'E-post, push och tysta timmar',
    icon: Bell,
  },
  {
    to: '/account/security',
    label: 'Säkerhet',
    description: 'Lösenord, tvåfaktor och sessioner',
    icon: ShieldCheck,
  },
  {
    to: '/account/privacy',
    label: 'Data & sekretess',
    description: 'Exportera data eller radera kontot',
    icon: Database,
  },
];

export function AccountMenuGrid() {
  return (
    <nav aria-label="Kontoinställningar" data-tutorial="account-menu">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {ACCOUNT_ENTRIES.map(({ to, label, description, icon: Icon }) => (
          <li key={to} className="flex">
            <Link
              to={to}
              className="group flex min-h-16 flex-1 items-center gap-4 rounded-xl border bg-card p-4 shadow-sm transition-colors outline-none hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{label}</span>
                <span className="block text-[13px] text-muted-foreground">{description}</span>
              </span>
              <ChevronRight
                className="size-5 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
