import { useEffect, useLayoutEffect, useRef } from 'react';
import { toast } from 'sonner';
import { PENDING_LABELS } from '../components/pending-mark';
import type { LocalView, PendingMark } from '../lib/local-view';

/** How long the news of a refused change stays: it needs the user's choice. */
const BLOCKED_TOAST_MS = 12_000;

const DESCRIPTIONS = {
  conflict:
    'Ändringen skickades inte: någon annan sparade samma sak först. Välj vilken version som gäller.',
  failed: 'Servern tog inte emot ändringen. Välj om den ska skickas igen eller tas bort.',
} as const;

/**
 * Says so when a change sent on reconnect is refused: a toast naming it (read out,
 * sonner's region is live), with the way to the choice, and `show` takes the page to it at once.
 * Each blocked change is announced once while the page is open.
 */
export function useAnnounceBlocked(
  pending: LocalView['pending'],
  show: (mark: PendingMark, open: boolean) => void,
): void {
  const announced = useRef(new Set<number>());
  // The toast's action runs long after this render: it calls the page's latest `show`.
  const latestShow = useRef(show);
  useLayoutEffect(() => {
    latestShow.current = show;
  });
  const marks = [...pending.heats.values(), pending.nominations, pending.save, pending.start];
  const blocked = marks.filter(
    (mark): mark is PendingMark =>
      mark !== null && (mark.state === 'conflict' || mark.state === 'failed'),
  );
  const key = blocked.map((mark) => mark.seq).join(',');

  useEffect(() => {
    for (const mark of blocked) {
      if (announced.current.has(mark.seq) || (mark.state !== 'conflict' && mark.state !== 'failed'))
        continue;
      announced.current.add(mark.seq);
      latestShow.current(mark, false);
      toast.warning(`${mark.title}: ${PENDING_LABELS[mark.state]}`, {
        id: `blocked-${mark.seq}`,
        description: DESCRIPTIONS[mark.state],
        duration: BLOCKED_TOAST_MS,
        action: {
          label: mark.state === 'conflict' ? 'Välj version' : 'Visa',
          onClick: () => latestShow.current(mark, true),
        },
      });
    }
    // `blocked` is read for the seqs in `key`, the only thing that decides a new announcement.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
