import type { OfficialMatchSummary } from '@speedway/contracts';
import { CalendarClock, Gavel, MapPin, Trophy, Tv } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useOfficialMatch } from '../api/get-official-match';
import { VENUE_FALLBACK } from '@/lib/team-names';
import { HeadToHead } from './head-to-head';
import { HeatProgramme } from './heat-programme';
import { StartProtocolButton } from './start-protocol-button';
import { TeamPanels } from './team-panels';

export const DETAIL_LOAD_FAILED = 'Kunde inte hämta matchinformationen.';

function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: React.ComponentType<{ className?: string }>;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-2.5">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0">
        <dt className="text-[12px] text-muted-foreground">{label}</dt>
        <dd className="font-medium">{children}</dd>
      </div>
    </div>
  );
}

/** /matches/official/{id}: when and where, the programme, the line-ups and 'Starta protokoll'. */
export function OfficialMatchDetail({
  officialId,
  actions,
}: {
  officialId: string;
  /** Extra buttons from other features (following the match). */
  actions?: (match: OfficialMatchSummary) => React.ReactNode;
}) {
  const query = useOfficialMatch(officialId);
  const { hash } = useLocation();
  const loaded = query.data !== undefined;
  // 'Trupp' links here with #trupp-home or #trupp-away; the panels exist once the match is loaded.
  useEffect(() => {
    if (loaded && hash)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded, hash]);
  if (query.isPending) {
    return (
      <div className="grid gap-4">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-48 rounded-xl" />
        <Skeleton className="h-96 rounded-xl" />
      </div>
    );
  }
  if (query.isError) return <EmptyState error>{DETAIL_LOAD_FAILED}</EmptyState>;

  const match = query.data;
  const taken = match.consumedByCurrentUser || match.protocol_id !== null;
  return (
    <div className="grid gap-5">
      <PageHeader
        className="mb-0"
        title={`${match.home_team} vs ${match.away_team}`}
        back={{ to: '/matches', label: 'Matcher' }}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <Badge variant={taken ? 'success' : 'secondary'}>
              {taken ? 'Matchprotokoll skapat' : 'Tillgänglig'}
            </Badge>
            {match.result ? (
              <span className="font-semibold text-foreground tabular-nums">
                Officiellt resultat {match.result.home_score}–{match.result.away_score}
              </span>
            ) : null}
          </span>
        }
      />
      <Card>
        <CardContent className="grid gap-5">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-tutorial="match-info">
            <Fact icon={CalendarClock} label="Start">
              {match.start ? formatDateTime(match.start) : 'Ej satt'}
            </Fact>
            <Fact icon={MapPin} label="Arena">
              {match.venue ?? VENUE_FALLBACK}
            </Fact>
            {match.competition ? (
              <Fact icon={Trophy} label="Tävling">
                {match.competition}
                {match.round !== null ? `, omgång ${match.round}` : ''}
              </Fact>
            ) : match.round !== null ? (
              <Fact icon={Trophy} label="Omgång">
                {match.round}
              </Fact>
            ) : null}
            {match.tv ? (
              <Fact icon={Tv} label="TV">
                {match.tv}
              </Fact>
            ) : null}
            {match.referee ? (
              <Fact icon={Gavel} label="Domare">
                {match.referee}
              </Fact>
            ) : null}
          </dl>
          <div className="grid gap-2 sm:flex sm:flex-wrap" data-tutorial="start-protocol">
            <StartProtocolButton officialId={match.id} disabled={!match.lineups_ready} />
            {actions?.(match)}
          </div>
          {!match.lineups_ready ? (
            <p className="text-[13px] text-muted-foreground">
              Protokoll kan startas när båda laguppställningarna är publicerade.
            </p>
          ) : null}
        </CardContent>
      </Card>
      <HeatProgramme match={match} />
      <TeamPanels match={match} />
      <HeadToHead match={match} />
    </div>
  );
}
