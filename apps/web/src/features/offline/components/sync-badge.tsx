import { CloudAlert, CloudUpload } from 'lucide-react';
import { Link } from 'react-router';
import type { OutboxEntry } from '@/lib/offline/db';
import { cn } from '@/lib/utils';

/** An entry nothing more happens to until the user chooses (ADR 010 §4: conflict or failed). */
function needsChoice(entry: OutboxEntry): boolean {
  return entry.state === 'conflict' || entry.state === 'failed';
}

/** Where the count leads: the first protocol that waits for a choice, else the oldest change's. */
export function firstProtocolWithEntries(entries: readonly OutboxEntry[]): string | null {
  return (entries.find(needsChoice) ?? entries[0])?.matchId ?? null;
}

/**
 * The header's '{n} osynkade' (ADR 010 §8): the signed-in user's unsent changes (useOutbox, read
 * by the header), hidden at 0.
 */
export function SyncBadge({ entries }: { entries: readonly OutboxEntry[] }) {
  const count = entries.length;
  const matchId = firstProtocolWithEntries(entries);
  if (matchId === null) return null;
  const blocked = entries.some(needsChoice);
  const Icon = blocked ? CloudAlert : CloudUpload;
  return (
    <Link
      to={`/match/${encodeURIComponent(matchId)}`}
      aria-label={`${count} ändringar väntar på att skickas`}
      data-blocked={blocked || undefined}
      className="flex h-11 shrink-0 items-center rounded-full px-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/70"
    >
      <span
        className={cn(
          'flex h-7 items-center gap-1 rounded-full px-2 text-xs font-bold whitespace-nowrap',
          blocked ? 'bg-destructive text-destructive-foreground' : 'bg-warning text-amber-950',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
        {count}
        {/* The count alone on a narrow phone, so the header's title keeps its room;
            the link's name says it in full. */}
        <span className="max-[479px]:sr-only"> osynkade</span>
      </span>
    </Link>
  );
}
