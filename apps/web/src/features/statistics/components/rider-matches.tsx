import type { RiderStats } from '@speedway/contracts';
import { Link } from 'react-router';
import { TeamName } from '@/components/stats-links';
import { formatDate, pointsLabel } from '@/lib/format';

/**
 * The season's matches, newest first: date (to the official match), opponent (to its page), home
 * or away, points with bonus and the rides one by one ('3,2*,X').
 */
export function RiderMatches({ matches }: { matches: RiderStats['matches'] }) {
  if (matches.length === 0) {
    return <p className="text-sm text-muted-foreground">Inga matcher den här säsongen.</p>;
  }
  return (
    <ol className="divide-y">
      {matches.map((match) => (
        <li key={match.match_id} className="flex items-center gap-3 py-2 text-sm">
          <Link
            to={`/matches/official/${match.match_id}`}
            className="w-24 shrink-0 rounded-sm text-muted-foreground tabular-nums underline decoration-current/30 underline-offset-[3px] outline-none hover:decoration-current focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {formatDate(match.starts_at, 'd MMM yyyy')}
          </Link>
          <span className="min-w-0 flex-1">
            <span className="block truncate">
              {match.side === 'home' ? 'mot ' : 'borta mot '}
              <TeamName
                teamId={match.opponent.id}
                name={match.opponent.name}
                className="font-medium"
              />
            </span>
            <span className="block font-mono text-[12px] text-muted-foreground">
              ({match.marks.join(',') || '-'})
            </span>
          </span>
          <span className="shrink-0 text-right">
            <span className="block font-bold tabular-nums">
              {pointsLabel(match.points, match.bonus_points)}
            </span>
            <span className="block text-[12px] text-muted-foreground">{match.heats} heat</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
