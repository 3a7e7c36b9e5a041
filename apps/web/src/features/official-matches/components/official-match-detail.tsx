import type { OfficialMatchDetail as OfficialMatchData } from '@speedway/contracts';
import { CalendarClock, Gavel, MapPin, SearchX, Trophy, TriangleAlert, Tv } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { useOfficialMatch } from '../api/get-official-match';
import { resumesProtocol } from '../api/start-protocol';
import { dayBadge } from '../lib/labels';
import { VENUE_FALLBACK } from '@/lib/team-names';
import { HeadToHead } from './head-to-head';
import { HeatProgramme } from './heat-programme';
import { OfficialHeats } from './official-heats';
import { RESUMES_PROTOCOL, StartProtocolButton } from './start-protocol-button';
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
    // One <div> per term and its value, as a <dl> allows; the icon sits in the term.
    <div className="relative min-w-0 pl-[1.625rem]">
      <dt className="text-[12px] text-muted-foreground">
        <Icon className="absolute top-0.5 left-0 size-4 text-muted-foreground" aria-hidden="true" />
        {label}
      </dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** A 404 (or a malformed id, 400) names no match: retrying cannot help. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The way out when the match cannot be shown, as the protocol page offers ('Till matcher'). */
function LoadFailure({ missing, retry }: { missing: boolean; retry: () => void }) {
  const Icon = missing ? SearchX : TriangleAlert;
  return (
    <section>
      <PageHeader title="Officiell match" back={{ to: '/matches', label: 'Matcher' }} />
      <Card className="mx-auto max-w-md">
        <CardContent className="grid justify-items-center gap-4 py-6 text-center">
          <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
          <p role="alert" className="font-semibold">
            {DETAIL_LOAD_FAILED}
          </p>
          {missing ? (
            <p className="-mt-2 text-sm text-muted-foreground">
              Matchen saknas eller har tagits bort.
            </p>
          ) : null}
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to="/matches">Till matcher</Link>
            </Button>
            {missing ? null : (
              <Button variant="outline" onClick={retry}>
                Försök igen
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}

/** /matches/official/{id}: when and where, the programme, the line-ups and 'Starta protokoll'. */
export function OfficialMatchDetail({
  officialId,
  actions,
}: {
  officialId: string;
  /** Extra buttons from other features (following the match). */
  actions?: (match: OfficialMatchData) => React.ReactNode;
}) {
  const query = useOfficialMatch(officialId);
  const now = useNow();
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
  if (query.isError) {
    return <LoadFailure missing={isMissing(query.error)} retry={() => void query.refetch()} />;
  }

  const match = query.data;
  // docs/spec/2-matches-protocols-admin.md §2: 'Matchprotokoll skapat' once the user has a *saved*
  // protocol of the match.
  const saved = match.user_match_id !== null;
  // The match's own state in the words the home page uses (one function: dayBadge).
  const state = dayBadge(match, now);
  const officialHeats = match.result?.heats ?? null;
  return (
    <div className="grid gap-5">
      <PageHeader
        className="mb-0"
        title={`${match.home_team} vs ${match.away_team}`}
        back={{ to: '/matches', label: 'Matcher' }}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <Badge variant={match.status === 'live' ? 'default' : 'outline'}>{state}</Badge>
            <Badge variant={saved ? 'success' : 'secondary'}>
              {saved ? 'Matchprotokoll skapat' : 'Tillgänglig'}
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
            <StartProtocolButton match={match} disabled={!match.lineups_ready} />
            {actions?.(match)}
          </div>
          {resumesProtocol(match) ? (
            <p className="text-[13px] text-muted-foreground">{RESUMES_PROTOCOL}</p>
          ) : null}
          {!match.lineups_ready ? (
            <p className="text-[13px] text-muted-foreground">
              Protokoll kan startas när båda laguppställningarna är publicerade.
            </p>
          ) : null}
        </CardContent>
      </Card>
      {officialHeats ? (
        <OfficialHeats match={match} heats={officialHeats} />
      ) : (
        <HeatProgramme match={match} />
      )}
      <TeamPanels match={match} />
      <HeadToHead match={match} />
    </div>
  );
}
