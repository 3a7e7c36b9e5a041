import { ChevronRight, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { FittedName } from '@/components/fitted-name';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

export type MatchRowProps = {
  to: string;
  title: string;
  /** The title with the teams' short names, shown when the full one does not fit. */
  shortTitle: string;
  meta: React.ReactNode;
  /** 'Idag' / 'Avslutad', or nothing for a coming match. */
  dateBadge: string | null;
  badges?: React.ReactNode;
  score: React.ReactNode;
  onDelete: () => void;
  deleteLabel: string;
};

/** One protocol in a list: the row opens it, the bin beside it asks before deleting it. */
export function MatchRow({
  to,
  title,
  shortTitle,
  meta,
  dateBadge,
  badges,
  score,
  onDelete,
  deleteLabel,
}: MatchRowProps) {
  return (
    <li className="flex items-stretch">
      <Link
        to={to}
        className="flex min-h-16 min-w-0 flex-1 items-center gap-3 py-3 pr-1 pl-4 outline-none hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
      >
        <div className="grid min-w-0 flex-1 gap-1">
          <FittedName full={title} short={shortTitle} className="font-semibold" />
          <span className="truncate text-[13px] text-muted-foreground">{meta}</span>
          {dateBadge || badges ? (
            <span className="flex flex-wrap gap-1">
              {dateBadge ? (
                <Badge variant={dateBadge === 'Idag' ? 'default' : 'secondary'}>{dateBadge}</Badge>
              ) : null}
              {badges}
            </span>
          ) : null}
        </div>
        <div className="shrink-0 text-right">{score}</div>
        {/* The whole row is the link; on a phone its width goes to the names instead. */}
        <ChevronRight
          className="hidden size-4 shrink-0 text-muted-foreground sm:block"
          aria-hidden="true"
        />
      </Link>
      <div className="flex items-center pr-2">
        <Button
          variant="ghost"
          size="icon"
          className="text-muted-foreground hover:text-destructive"
          aria-label={deleteLabel}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

export function MatchRowsSkeleton() {
  return (
    <ul aria-busy="true" className="divide-y overflow-hidden rounded-xl border bg-card">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="flex items-center gap-3 px-4 py-4">
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="h-6 w-14" />
        </li>
      ))}
    </ul>
  );
}
