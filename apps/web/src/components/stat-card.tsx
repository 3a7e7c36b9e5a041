import type { LucideIcon } from 'lucide-react';
import { Fragment } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

type StatCardProps = {
  /** May hold soft hyphens (U+00AD) where a long word may break on a narrow card. */
  label: string;
  icon: LucideIcon;
  /** undefined while loading; null when it could not be loaded. */
  value: React.ReactNode | undefined;
  hint?: React.ReactNode;
  /** The loaded card will have a hint: its line is kept while loading, so the card keeps its height. */
  hintWhileLoading?: boolean;
};

/**
 * A word with a soft hyphen is its own inline block: it moves to the next line whole where it fits
 * there ('Mina' / 'bevakningar'), and breaks at its hyphen only where it does not fit on any line.
 */
function LabelText({ label }: { label: string }) {
  return label.split(' ').map((word, i) => (
    <Fragment key={i}>
      {i > 0 ? ' ' : null}
      {word.includes('\u00AD') ? <span className="inline-block">{word}</span> : word}
    </Fragment>
  ));
}

export function StatCard({ label, icon: Icon, value, hint, hintWhileLoading }: StatCardProps) {
  return (
    <Card
      className="min-w-0 gap-1 px-3 py-4 sm:px-4"
      role="group"
      aria-label={label.replaceAll('\u00AD', '')}
    >
      <div className="flex items-center justify-between gap-2 text-[13px] font-medium text-muted-foreground">
        {/* Wraps inside the card, never past it (a word longer than the card breaks). */}
        <span className="min-w-0 break-words">
          <LabelText label={label} />
        </span>
        <Icon className="size-4 shrink-0 text-primary max-sm:hidden" aria-hidden="true" />
      </div>
      {/* Placeholders of the loaded lines' height (text-2xl: 2rem; a hint line: 1lh). */}
      {value === undefined ? (
        <Skeleton className="h-8 w-16" />
      ) : (
        <div className="truncate text-2xl font-bold tabular-nums">{value ?? '–'}</div>
      )}
      {hint ? (
        <div className="truncate text-[13px] text-muted-foreground">{hint}</div>
      ) : value === undefined && hintWhileLoading ? (
        <div className="text-[13px]">
          <Skeleton className="h-[1lh] w-24 max-w-full" />
        </div>
      ) : null}
    </Card>
  );
}
