import {
  heatLockReason,
  heatScore,
  heatStatusLabels,
  isHeatComplete,
  LANES,
  riderTotals,
  totalFor,
  type RunningScore,
  type Heat,
  type MatchState,
} from '@speedway/rules';
import { Lock, PencilLine, Plus } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { TeamShorts } from '../lib/match-state';
import type { PointsMode } from './heats-carousel';
import { LaneCard } from './lane-card';
import { PendingMarkBadge } from './pending-mark';
import type { PendingMark } from '../lib/local-view';

type HeatCardProps = {
  heat: Heat;
  state: MatchState;
  shorts: TeamShorts;
  mode: PointsMode;
  /** The score after this heat (runningScores of the whole protocol, computed once per page). */
  running: RunningScore | undefined;
  /** A saved protocol: the heat is shown, not offered for registering or editing. */
  readOnly?: boolean;
  onRegister: () => void;
  /** The heat's unsent change, if any (ADR 010 §8). */
  pending?: PendingMark | null;
  /** Opens the choice for a blocked change (conflict, failure). */
  onResolve?: () => void;
};

/**
 * A heat: number, status, result ('HOM 3 - 2 BOR'), the register button and the four lanes. The
 * button comes before the lanes so that on a phone it is on screen without scrolling.
 */
export function HeatCard({
  heat,
  state,
  shorts,
  mode,
  running,
  readOnly = false,
  onRegister,
  pending = null,
  onResolve = () => undefined,
}: HeatCardProps) {
  const complete = isHeatComplete(heat);
  const lock = readOnly ? null : heatLockReason(state, heat.heat_number);
  const score = heatScore(heat);
  const totals = mode === 'total' ? riderTotals(state.heats, heat.heat_number + 1) : null;
  const shown =
    mode === 'total' && running ? { home: running.home_score, away: running.away_score } : score;

  return (
    <Card className="gap-4 px-4 py-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-xl font-bold">Heat {heat.heat_number}</h2>
        <div className="flex flex-wrap justify-end gap-1.5">
          {pending ? <PendingMarkBadge mark={pending} onChoose={onResolve} /> : null}
          {heat.tactical ? <Badge variant="outline">Taktisk reserv</Badge> : null}
          {heat.rr ? <Badge variant="outline">R/R</Badge> : null}
          <Badge variant={complete ? 'success' : 'secondary'}>
            {heatStatusLabels[heat.status]}
          </Badge>
        </div>
      </div>
      {complete ? (
        <p className="text-center text-2xl font-bold tabular-nums">
          {shorts.home} {shown.home} - {shown.away} {shorts.away}
          {mode === 'total' ? (
            <span className="block text-[12px] font-medium text-muted-foreground">
              Ställning efter heatet
            </span>
          ) : null}
        </p>
      ) : null}
      {lock ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          {lock}
        </p>
      ) : null}
      {readOnly ? null : (
        <Button
          size="lg"
          variant={complete ? 'outline' : 'default'}
          disabled={lock !== null}
          onClick={onRegister}
          className="w-full"
          data-heat-action="register"
        >
          {complete ? <PencilLine aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {complete ? 'Ändra heat' : 'Registrera heat'}
        </Button>
      )}
      <ol className="grid gap-2">
        {LANES.map((lane) => {
          const rider = heat.riders[lane];
          const result = rider && heat.results.find((r) => r.rider_id === rider.rider_id);
          const total = totals && rider ? totalFor(totals, rider.rider_id) : null;
          return (
            <li key={lane}>
              <LaneCard lane={lane} rider={rider} result={result} total={total} />
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
