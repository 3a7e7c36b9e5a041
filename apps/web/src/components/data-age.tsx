import { useEffect, useState } from 'react';
import { formatRelative, formatTime } from '@/lib/format';
import { cn } from '@/lib/utils';

const MINUTE_MS = 60_000;

function sameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/** 'Uppdaterad 14:32' today, 'Uppdaterad för 2 dagar sedan' before (ADR 010 §3). */
export function dataAgeText(updatedAt: number, now: number): string {
  const at = new Date(updatedAt);
  return sameDay(at, new Date(now))
    ? `Uppdaterad ${formatTime(at)}`
    : `Uppdaterad ${formatRelative(at, new Date(now))}`;
}

/** The time now, moved on once a minute while shown. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * How old shown data is, for data restored from the device rather than just fetched: a query's
 * `dataUpdatedAt`. Nothing when there is no time to tell.
 */
export function DataAge({ updatedAt, className }: { updatedAt: number; className?: string }) {
  const now = useMinuteClock();
  if (!updatedAt) return null;
  return (
    <time
      dateTime={new Date(updatedAt).toISOString()}
      className={cn('text-xs text-muted-foreground', className)}
    >
      {dataAgeText(updatedAt, now)}
    </time>
  );
}
