import type { OfficialMatchSummary } from '@speedway/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { useOfficialMatches } from '../api/get-official-matches';
import { headToHead, startOf } from '../lib/schedule';

/**
 * Earlier meetings this year (docs/spec/2-matches-protocols-admin.md §5); nothing at all when there
 * are none, or when the match has no date to have a year.
 */
export function HeadToHead({ match }: { match: OfficialMatchSummary }) {
  const year = startOf(match)?.getFullYear();
  return year === undefined ? null : <MeetingsOfYear match={match} year={year} />;
}

/**
 * The year's meetings are read as that calendar year of the list: the default window holds today
 * on only, and a past match's meetings lie before it.
 */
function MeetingsOfYear({ match, year }: { match: OfficialMatchSummary; year: number }) {
  const matches = useOfficialMatches(undefined, { from: `${year}-01-01`, to: `${year}-12-31` });
  const meetings = matches.data ? headToHead(matches.data, match) : [];
  if (meetings.length === 0) return null;
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Inbördes möten i år</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {meetings.map((meeting) => (
            <li key={meeting.id} className="flex items-center gap-3 py-2 text-sm">
              <span className="w-20 shrink-0 text-muted-foreground">
                {formatDate(meeting.start, 'd MMM')}
              </span>
              <span className="min-w-0 flex-1 truncate">
                {meeting.home_team} – {meeting.away_team}
              </span>
              <span className="font-bold tabular-nums">
                {meeting.home_score}–{meeting.away_score}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
