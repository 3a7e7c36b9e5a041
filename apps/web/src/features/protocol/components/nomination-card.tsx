import { LANES, messages, nominationLockReason, type Heat, type MatchState } from '@speedway/rules';
import { ListChecks, Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { PendingMark } from '../lib/local-view';
import { PendingMarkBadge } from './pending-mark';

/** Before a nominated heat: locked until the heats before it are done, then 'Nominera'. */
export function NominationCard({
  heat,
  state,
  readOnly = false,
  onNominate,
  pending = null,
  onResolve = () => undefined,
}: {
  heat: Heat;
  state: MatchState;
  /** A saved protocol: the nomination is shown as saved, not offered for changing. */
  readOnly?: boolean;
  onNominate: () => void;
  /** The nomination's unsent change, if any (ADR 010 §8). */
  pending?: PendingMark | null;
  /** Opens the choice for a blocked change (conflict, failure). */
  onResolve?: () => void;
}) {
  const n = heat.heat_number;
  const locked = nominationLockReason(state, n);
  const nominated = LANES.every((lane) => heat.riders[lane]);
  const hasResults = heat.results.length > 0;
  let text: string;
  if (readOnly) text = 'Nomineringen sparades med protokollet.';
  else if (locked) text = locked;
  else if (!nominated) text = messages.nominateToUnlock(n);
  else if (hasResults) text = 'Heatet har resultat; byt förare i heatdialogen.';
  else text = 'Nomineringen är klar. Den kan ändras tills heatet har körts.';

  return (
    <Card className="gap-3 border-dashed px-4 py-4">
      <div className="flex items-center gap-2">
        {locked && !readOnly ? (
          <Lock className="size-5 text-muted-foreground" aria-hidden="true" />
        ) : (
          <ListChecks className="size-5 text-primary" aria-hidden="true" />
        )}
        <h2 className="font-bold">Nominering heat {n}</h2>
        {pending ? (
          <span className="ml-auto">
            <PendingMarkBadge mark={pending} onChoose={onResolve} />
          </span>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{text}</p>
      {!hasResults && !readOnly ? (
        <Button
          size="lg"
          variant={nominated ? 'outline' : 'default'}
          disabled={locked !== null}
          onClick={onNominate}
          data-heat-action="nominate"
        >
          {nominated ? `Ändra nominering` : `Nominera heat ${n}`}
        </Button>
      ) : null}
    </Card>
  );
}
