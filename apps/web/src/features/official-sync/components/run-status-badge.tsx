import type { SyncRunStatus } from '@speedway/contracts';
import { CircleCheck, CircleX, LoaderCircle, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { RUN_STATUS_LABELS } from '../lib/sync-labels';

const STYLES: Record<SyncRunStatus, string> = {
  running: 'border-warning/60 bg-warning/15 text-amber-800 dark:text-warning',
  done: 'border-transparent bg-success/15 text-success',
  failed: 'border-transparent bg-destructive/10 text-destructive',
};

const ICONS: Record<SyncRunStatus, LucideIcon> = {
  running: LoaderCircle,
  done: CircleCheck,
  failed: CircleX,
};

/** A run's state in words, with an icon and a colour beside them (never the colour alone). */
export function RunStatusBadge({ status }: { status: SyncRunStatus }) {
  const Icon = ICONS[status];
  return (
    <Badge variant="outline" className={STYLES[status]}>
      <Icon
        aria-hidden="true"
        className={cn(status === 'running' && 'animate-spin motion-reduce:animate-none')}
      />
      {RUN_STATUS_LABELS[status]}
    </Badge>
  );
}
