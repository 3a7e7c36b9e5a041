import type { HeadToHeadReply, RiderStats } from '@speedway/contracts';
import { messages } from '@speedway/rules';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { failedToLoad, LoadFailed } from '@/components/kept-data';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useHeadToHead } from '../api/get-head-to-head';
import { NativeSelect } from './native-select';

type Ride = HeadToHeadReply['meetings'][number]['rider'];

/** '1:a', '3:e', 'Utesl.'; '–' for a ride without a placing. */
function placeText(ride: Ride): string {
  if (ride.status === 'excluded') return messages.excludedShort;
  if (ride.position === 0) return '–';
  return `${ride.position}:${ride.position <= 2 ? 'a' : 'e'}`;
}

function Meetings({ reply }: { reply: HeadToHeadReply }) {
  const { rider, opponent } = reply;
  return (
    <div className="grid gap-3">
      <p role="status" className="text-sm">
        {rider.name} och {opponent.name} har mötts i <strong>{reply.met}</strong> heat: {rider.name}{' '}
        före <strong>{reply.ahead}</strong> {reply.ahead === 1 ? 'gång' : 'gånger'}, {opponent.name}{' '}
        före <strong>{reply.behind}</strong> {reply.behind === 1 ? 'gång' : 'gånger'}.
      </p>
      <ol className="divide-y rounded-xl border">
        {reply.meetings.map((meeting) => {
          const who =
            meeting.ahead === 'rider'
              ? rider.name
              : meeting.ahead === 'opponent'
                ? opponent.name
                : null;
          return (
            <li
              key={`${meeting.match_id}-${meeting.heat_number}`}
              className="grid gap-1 px-3 py-2.5 text-sm"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  to={`/matches/official/${meeting.match_id}`}
                  className="rounded-sm font-semibold underline decoration-current/30 underline-offset-[3px] outline-none hover:decoration-current focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {formatDate(meeting.starts_at)}, heat {meeting.heat_number}
                </Link>
                {who ? (
                  <Badge variant={meeting.ahead === 'rider' ? 'success' : 'secondary'}>
                    {who} före
                  </Badge>
                ) : (
                  <Badge variant="outline">Ingen före</Badge>
                )}
              </div>
              <dl className="grid grid-cols-2 gap-2 text-[13px]">
                {(
                  [
                    [rider.name, meeting.rider],
                    [opponent.name, meeting.opponent],
                  ] as const
                ).map(([name, ride]) => (
                  <div key={name} className="min-w-0">
                    <dt className="truncate text-muted-foreground">{name}</dt>
                    <dd className="tabular-nums">
                      Spår {ride.gate} · <strong>{placeText(ride)}</strong>
                      {ride.code ? ` · ${ride.code}` : ''}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * 'Inbördes möten': pick one of the riders met this season (most meetings first, with the tally);
 * the heats where the two met are then asked for and listed, oldest first. The pick is kept in the
 * address (?opponent=), so Back and a shared link show the same.
 */
export function HeadToHeadPicker({
  riderId,
  season,
  opponents,
}: {
  riderId: string;
  season: number | undefined;
  opponents: RiderStats['opponents'];
}) {
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const chosen = search.get('opponent');
  const opponentId = opponents.some((o) => o.rider_id === chosen) ? chosen : null;
  const query = useHeadToHead(riderId, opponentId, season);
  if (opponents.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">Inga möten med andra förare den här säsongen.</p>
    );
  }
  return (
    <div className="grid gap-4">
      <div className="max-w-md">
        <Label htmlFor={id} className="mb-2 block">
          Motståndare
        </Label>
        <NativeSelect
          id={id}
          value={opponentId ?? ''}
          onChange={(event) =>
            setSearch(
              (current) => {
                const next = new URLSearchParams(current);
                if (event.target.value) next.set('opponent', event.target.value);
                else next.delete('opponent');
                return next;
              },
              { replace: true, preventScrollReset: true },
            )
          }
        >
          <option value="">Välj en förare</option>
          {opponents.map((o) => (
            <option key={o.rider_id} value={o.rider_id}>
              {o.name} ({o.met} möten, {o.ahead}–{o.behind})
            </option>
          ))}
        </NativeSelect>
      </div>
      {opponentId === null ? null : query.data ? (
        <Meetings reply={query.data} />
      ) : failedToLoad(query) ? (
        <LoadFailed query={query}>Kunde inte ladda mötena.</LoadFailed>
      ) : (
        <div role="status" aria-busy="true" aria-label="Laddar mötena">
          <Skeleton className="h-40 rounded-xl" />
        </div>
      )}
    </div>
  );
}
