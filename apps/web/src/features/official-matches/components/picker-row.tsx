import type { OfficialMatchSummary } from '@speedway/contracts';
import { Link } from 'react-router';
import { FittedName } from '@/components/fitted-name';
import { Button } from '@/components/ui/button';
import { VENUE_FALLBACK } from '@/lib/team-names';
import { shortTitle, whenText } from '../lib/labels';

export function PickerRow({ match }: { match: OfficialMatchSummary }) {
  const { date, time } = whenText(match);
  return (
    <div className="flex items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <FittedName
          full={`${match.home_team} – ${match.away_team}`}
          short={shortTitle(match)}
          className="font-semibold"
        />
        <span className="block truncate text-[13px] text-muted-foreground">
          {date}
          {time ? ` · ${time}` : ''} · {match.venue ?? VENUE_FALLBACK}
        </span>
      </div>
      <Button asChild variant="outline" size="sm" className="h-10">
        <Link
          to={`/matches/official/${match.id}`}
          aria-label={`Öppna ${match.home_team} – ${match.away_team}`}
        >
          Öppna
        </Link>
      </Button>
    </div>
  );
}
