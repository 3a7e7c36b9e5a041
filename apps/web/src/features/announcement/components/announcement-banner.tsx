import type { Announcement, AnnouncementLevel } from '@speedway/contracts';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { cn } from '@/lib/utils';

const LEVELS: Record<
  AnnouncementLevel,
  { icon: React.ComponentType<{ className?: string }>; className: string; iconClassName: string }
> = {
  info: {
    icon: Info,
    className: 'border-sky-600/40 bg-sky-600/10',
    iconClassName: 'text-sky-700 dark:text-sky-300',
  },
  success: {
    icon: CircleCheck,
    className: 'border-success/40 bg-success/10',
    iconClassName: 'text-success',
  },
  warning: {
    icon: TriangleAlert,
    className: 'border-warning/60 bg-warning/15',
    iconClassName: 'text-amber-700 dark:text-warning',
  },
  error: {
    icon: CircleAlert,
    className: 'border-destructive/50 bg-destructive/10',
    iconClassName: 'text-destructive',
  },
};

type AnnouncementBannerProps = {
  announcement: Pick<Announcement, 'message' | 'level' | 'dismissible'>;
  /** Hides it for the session; absent when it cannot be closed (or in the editor's preview). */
  onDismiss?: () => void;
  className?: string;
};

/**
 * The global announcement (docs/spec/2-matches-protocols-admin.md §2, §4): its message in the
 * colours of its level.
 */
export function AnnouncementBanner({
  announcement,
  onDismiss,
  className,
}: AnnouncementBannerProps) {
  const level = LEVELS[announcement.level];
  const Icon = level.icon;
  const closable = announcement.dismissible && onDismiss;
  return (
    <section
      aria-label="Meddelande"
      data-level={announcement.level}
      className={cn(
        'flex items-start gap-3 rounded-xl border py-3 pl-4 text-sm text-foreground shadow-xs',
        closable ? 'pr-1' : 'pr-4',
        level.className,
        className,
      )}
    >
      <Icon className={cn('mt-0.5 size-5 shrink-0', level.iconClassName)} aria-hidden="true" />
      <p className="min-w-0 flex-1 self-center leading-relaxed break-words whitespace-pre-line">
        {announcement.message.trim()}
      </p>
      {closable ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dölj meddelandet"
          className="-my-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground outline-none hover:bg-black/5 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:hover:bg-white/10"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      ) : null}
    </section>
  );
}
