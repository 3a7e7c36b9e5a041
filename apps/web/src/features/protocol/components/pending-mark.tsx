import type { OutboxState } from '@/lib/offline/db';
import { CloudOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { PendingMark } from '../lib/local-view';

/** ADR 010 §8: what an unsent change of a heat or nomination is waiting for. */
export const PENDING_LABELS: Record<OutboxState, string> = {
  queued: 'Väntar på nätet',
  sending: 'Skickas…',
  conflict: 'Konflikt – välj version',
  failed: 'Kunde inte skickas – välj',
};

/** A change queued behind a blocked one: it goes once the user has chosen there. */
export const waitingBehind = (title: string) => `Väntar på ditt val i ${title}`;

/**
 * A heat's or nomination's unsent change: a badge while it waits or goes, a button to the choice
 * when it is blocked (a conflict or a failure), since nothing leaves the outbox without one.
 */
export function PendingMarkBadge({ mark, onChoose }: { mark: PendingMark; onChoose: () => void }) {
  const label =
    mark.state === 'queued' && mark.behind
      ? waitingBehind(mark.behind)
      : PENDING_LABELS[mark.state];
  if (mark.state === 'conflict' || mark.state === 'failed') {
    return (
      <Button
        variant="outline"
        size="sm"
        className="h-7 border-destructive/50 px-2 text-xs text-destructive"
        onClick={onChoose}
        data-pending={mark.state}
      >
        <TriangleAlert aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <Badge variant="outline" className="border-dashed" data-pending={mark.state}>
      {mark.state === 'sending' ? (
        <RefreshCw className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        <CloudOff aria-hidden="true" />
      )}
      {label}
    </Badge>
  );
}
