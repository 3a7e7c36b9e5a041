import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

type StatCardProps = {
  label: string;
  icon: LucideIcon;
  /** undefined while loading; null when it could not be loaded. */
  value: React.ReactNode | undefined;
  hint?: React.ReactNode;
  /** The loaded card will have a hint: its line is kept while loading, so the card keeps its height. */
  hintWhileLoading?: boolean;
};

export function StatCard({ label, icon: Icon, value, hint, hintWhileLoading }: StatCardProps) {
  return (
    <Card className="gap-1 px-4 py-4" role="group" aria-label={label}>
      <div className="flex items-center justify-between gap-2 text-[13px] font-medium text-muted-foreground">
        <span>{label}</span>
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
