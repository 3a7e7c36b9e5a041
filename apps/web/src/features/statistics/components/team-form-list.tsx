import type { TeamSeasonStats } from '@speedway/contracts';
import { Link } from 'react-router';
import { TeamName } from '@/components/stats-links';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';

const RESULT = {
  V: { label: 'Vinst', className: 'bg-success text-success-foreground' },
  O: { label: 'Oavgjort', className: 'bg-muted-foreground/70 text-background' },
  F: { label: 'Förlust', className: 'bg-destructive text-destructive-foreground' },
} as const;

/** The season's matches, oldest first, each with its result as the table's V/O/F chip. */
export function TeamFormList({ form }: { form: TeamSeasonStats['form'] }) {
  if (form.length === 0) {
    return <p className="text-sm text-muted-foreground">Inga matcher den här säsongen.</p>;
  }
  return (
    <ol className="divide-y">
      {form.map((match) => {
        const result = RESULT[match.result];
        return (
          <li key={match.match_id} className="flex items-center gap-3 py-2 text-sm">
            <span
              className={cn(
                'inline-flex size-6 shrink-0 items-center justify-center rounded text-[12px] font-bold',
                result.className,
              )}
              title={result.label}
            >
              <span aria-hidden="true">{match.result}</span>
              <span className="sr-only">{result.label}</span>
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate">
                {match.side === 'home' ? 'Hemma mot ' : 'Borta mot '}
                <TeamName
                  teamId={match.opponent.id}
                  name={match.opponent.name}
                  className="font-medium"
                />
              </span>
              <Link
                to={`/matches/official/${match.match_id}`}
                className="block w-fit rounded-sm text-[12px] text-muted-foreground underline decoration-current/30 underline-offset-[3px] outline-none hover:decoration-current focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {formatDate(match.starts_at)}
              </Link>
            </span>
            <span className="shrink-0 font-bold tabular-nums">
              {match.score_for}–{match.score_against}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
