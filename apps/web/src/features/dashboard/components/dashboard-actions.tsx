import { CalendarDays, ChevronRight, ClipboardPen, FileText, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import type { DashboardFigures } from '../lib/figures';

type ActionCardProps = {
  to: string;
  title: string;
  icon: LucideIcon;
  /** undefined while loading. */
  line: React.ReactNode | undefined;
};

function ActionCard({ to, title, icon: Icon, line }: ActionCardProps) {
  return (
    <li className="flex">
      <Link
        to={to}
        className="group flex min-h-24 flex-1 items-center gap-4 rounded-xl border bg-card p-4 shadow-sm transition-colors outline-none hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="text-base font-bold">{title}</span>
          {line === undefined ? (
            <Skeleton className="h-4 w-32" />
          ) : (
            <span className="text-[13px] text-muted-foreground">{line}</span>
          )}
        </span>
        <ChevronRight
          className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The three ways on from the dashboard (docs/spec/2-matches-protocols-admin.md §2, the home variant
 * with three cards).
 */
export function DashboardActions({
  figures,
  loading,
}: {
  figures: DashboardFigures;
  loading: { protocols: boolean; upcoming: boolean };
}) {
  const { protocols, saved, upcoming } = figures;
  const next = upcoming?.next;
  return (
    <ul className="grid gap-3 md:grid-cols-3" aria-label="Genvägar">
      <ActionCard
        to="/matches"
        title="Starta match"
        icon={ClipboardPen}
        line="Välj en kommande match och starta ditt protokoll."
      />
      <ActionCard
        to="/my-matches"
        title="Mina protokoll"
        icon={FileText}
        line={
          loading.protocols
            ? undefined
            : protocols && saved
              ? `${protocols.inProgress} pågående · ${plural(saved.total, 'sparat', 'sparade')}`
              : 'Dina påbörjade och sparade protokoll.'
        }
      />
      <ActionCard
        to="/matches"
        title="Kommande matcher"
        icon={CalendarDays}
        line={
          loading.upcoming
            ? undefined
            : next
              ? `Nästa: ${next.home_team} – ${next.away_team}${next.start ? `, ${formatDateTime(next.start)}` : ''}`
              : 'Inga kommande officiella matcher.'
        }
      />
    </ul>
  );
}
