import type { LiveRider, LiveSnapshot } from '@speedway/contracts';
import { ArrowRight, Link2Off, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { HelmetSwatch } from '@/components/helmet-swatch';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { teamShort, VENUE_FALLBACK } from '@/lib/team-names';
import { cn } from '@/lib/utils';
import { useLiveSnapshot, type LiveConnection } from '../hooks/use-live-snapshot';
import { resultMark, riddenHeatsNewestFirst, type LiveHeat } from '../lib/live-heats';

export const LIVE_GONE_TITLE = 'Länken är inte giltig längre';
const APP_NAME = 'Speedway Elitserien';

/** The public page of a live link (/live/{token}): read in the stand, on a phone, at a glance. */
export function LiveView({ token }: { token: string }) {
  const live = useLiveSnapshot(token);
  return (
    <main id="main" className="flex min-h-dvh w-full flex-col">
      {/* A shared page is for those given the link, not for search engines (React hoists it). */}
      <meta name="robots" content="noindex" />
      <AppBar />
      {live.gone ? (
        <Gone />
      ) : live.data ? (
        <Scoreboard snapshot={live.data} connection={live.connection} />
      ) : live.isError ? (
        <Failed onRetry={() => void live.refetch()} />
      ) : (
        <Loading />
      )}
    </main>
  );
}

/**
 * Whose page this is, with the way into the app (it used to have no name, logo or link).
 * Slim, so the score stays at the top of a phone's screen.
 */
function AppBar() {
  return (
    <div className="bg-chrome px-4 pt-[calc(0.5rem+env(safe-area-inset-top))] text-chrome-foreground">
      <div className="mx-auto flex max-w-4xl items-center">
        <Link
          to="/"
          className="-ml-1 flex min-h-11 items-center gap-2 rounded-lg p-1 text-sm font-bold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/70"
        >
          <Logo className="size-7" />
          {APP_NAME}
        </Link>
      </div>
    </div>
  );
}

function Scoreboard({
  snapshot,
  connection,
}: {
  snapshot: LiveSnapshot;
  connection: LiveConnection;
}) {
  const home = teamShort(snapshot.home_team, snapshot.home_team_short, 'home');
  const away = teamShort(snapshot.away_team, snapshot.away_team_short, 'away');
  const heats = riddenHeatsNewestFirst(snapshot);
  return (
    <>
      <title>{`Live: ${snapshot.home_team} – ${snapshot.away_team}`}</title>
      <header className="bg-chrome px-4 pt-2 pb-5 text-chrome-foreground">
        <div className="mx-auto max-w-4xl">
          <div className="flex items-center justify-between gap-3 text-sm text-chrome-muted">
            <ConnectionBadge connection={connection} finished={snapshot.status === 'confirmed'} />
            <span className="truncate text-right">
              {[snapshot.competition, snapshot.date ? formatDateTime(snapshot.date) : null]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </div>
          <h1 className="sr-only">
            {snapshot.home_team} – {snapshot.away_team}
          </h1>
          {/* Read out as one sentence when it changes; the large figures are for the eye. */}
          <p className="sr-only" aria-live="polite" aria-atomic="true">
            Ställning: {snapshot.home_team} {snapshot.home_score}, {snapshot.away_team}{' '}
            {snapshot.away_score}
          </p>
          <div
            aria-hidden="true"
            className="mt-4 grid grid-cols-[1fr_auto_1fr] items-end gap-2 text-center"
          >
            <TeamScore name={snapshot.home_team} score={snapshot.home_score} />
            <span className="pb-2 text-5xl font-bold md:text-6xl">–</span>
            <TeamScore name={snapshot.away_team} score={snapshot.away_score} />
          </div>
          <p className="mt-3 text-center text-sm text-chrome-muted">
            Heat {snapshot.completed_heats} av {snapshot.total_heats}
            {' · '}
            {snapshot.venue ?? VENUE_FALLBACK}
          </p>
        </div>
      </header>

      <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-5 md:grid-cols-[3fr_2fr] md:items-start">
        <section aria-labelledby="live-heats">
          <h2 id="live-heats" className="mb-3 text-lg font-bold">
            Heat
          </h2>
          {heats.length === 0 ? (
            <p className="rounded-xl border bg-card p-4 text-muted-foreground">
              Inget heat är kört ännu. Ställningen uppdateras av sig själv.
            </p>
          ) : (
            <ol className="grid gap-3">
              {heats.map((heat, i) => (
                <HeatCard
                  key={heat.heat_number}
                  heat={heat}
                  home={home}
                  away={away}
                  latest={i === 0}
                />
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="live-riders">
          <h2 id="live-riders" className="mb-3 text-lg font-bold">
            Förarnas poäng
          </h2>
          <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-1">
            <RiderTotals
              team={snapshot.home_team}
              riders={snapshot.riders.filter((r) => r.team === 'home')}
            />
            <RiderTotals
              team={snapshot.away_team}
              riders={snapshot.riders.filter((r) => r.team === 'away')}
            />
          </div>
        </section>
      </div>
    </>
  );
}

function TeamScore({ name, score }: { name: string; score: number }) {
  return (
    <div className="min-w-0">
      <p className="line-clamp-2 text-base leading-tight font-semibold break-words md:text-lg">
        {name}
      </p>
      <p className="text-7xl leading-none font-black tabular-nums md:text-8xl">{score}</p>
    </div>
  );
}

function ConnectionBadge({
  connection,
  finished,
}: {
  connection: LiveConnection;
  finished: boolean;
}) {
  if (finished) {
    return <span className="font-semibold text-chrome-foreground">Slutresultat</span>;
  }
  const live = connection === 'live';
  return (
    <span
      className="inline-flex items-center gap-2 font-semibold text-chrome-foreground"
      role="status"
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2.5 rounded-full',
          live ? 'animate-pulse bg-red-500' : 'bg-chrome-muted',
        )}
      />
      {live ? 'Live' : connection === 'connecting' ? 'Ansluter…' : 'Återansluter…'}
    </span>
  );
}

function HeatCard({
  heat,
  home,
  away,
  latest,
}: {
  heat: LiveHeat;
  home: string;
  away: string;
  latest: boolean;
}) {
  return (
    <li
      className={cn(
        'rounded-xl border bg-card p-3',
        latest && 'border-primary ring-1 ring-primary',
      )}
      data-testid={`live-heat-${heat.heat_number}`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-bold">
          Heat {heat.heat_number}
          {heat.tactical ? (
            <span className="ml-2 text-xs font-semibold text-muted-foreground">Taktisk reserv</span>
          ) : null}
          {heat.rr ? (
            <span className="ml-2 text-xs font-semibold text-muted-foreground">R/R</span>
          ) : null}
        </h3>
        <p className="text-sm tabular-nums">
          <span className="font-semibold">
            {heat.score.home}–{heat.score.away}
          </span>
          <span className="text-muted-foreground">
            {' '}
            ({home} {heat.running.home}–{heat.running.away} {away})
          </span>
        </p>
      </div>
      <ol className="mt-2 grid gap-1">
        {heat.riders.map(({ rider, result }) => (
          <li key={rider.rider_id} className="flex items-center gap-2 text-[15px]">
            <HelmetSwatch color={rider.helmet_color} />
            <span className="min-w-0 flex-1 truncate">{rider.name}</span>
            <span className="text-xs text-muted-foreground">
              {rider.team === 'home' ? home : away}
            </span>
            <span className="w-7 text-right font-semibold tabular-nums">{resultMark(result)}</span>
          </li>
        ))}
      </ol>
    </li>
  );
}

function RiderTotals({ team, riders }: { team: string; riders: LiveRider[] }) {
  return (
    <div className="rounded-xl border bg-card p-3">
      <h3 className="mb-2 truncate font-bold">{team}</h3>
      <ol className="grid gap-1">
        {riders.map((rider) => (
          <li
            key={`${rider.team}-${rider.lineup_no}`}
            className="flex items-baseline gap-2 text-[15px]"
          >
            <span className="w-5 text-right text-xs text-muted-foreground tabular-nums">
              {rider.lineup_no}
            </span>
            <span className="min-w-0 flex-1 truncate">{rider.name}</span>
            <span className="text-right font-semibold tabular-nums">{rider.scorecard}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Gone() {
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <title>{LIVE_GONE_TITLE}</title>
      <span className="flex size-20 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Link2Off className="size-10" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold">{LIVE_GONE_TITLE}</h1>
      <p className="text-muted-foreground">
        Delningen har avslutats, protokollet har tagits bort eller så finns länken inte. Be den som
        delade den om en ny länk.
      </p>
      <Button asChild>
        <Link to="/">
          Till {APP_NAME}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </section>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold">Ställningen kunde inte hämtas</h1>
      <p className="text-muted-foreground">Kontrollera anslutningen och försök igen.</p>
      <Button onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Försök igen
      </Button>
    </section>
  );
}

function Loading() {
  return (
    <div role="status" aria-busy="true" aria-label="Laddar ställningen" className="grid gap-4 p-4">
      <Skeleton className="h-44 w-full rounded-none" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}
