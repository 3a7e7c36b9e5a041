import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';
import { isUnread, itemTitle, type InboxItem } from '../lib/inbox-item';

type NotificationItemRowProps = {
  item: InboxItem;
  now: Date;
  deleting: boolean;
  onOpen: () => void;
  onDelete: () => void;
};

/**
 * One inbox item (docs/spec/1-app-shell-auth-account.md §2): title, body, relative time, an unread
 * dot and 'Ta bort'.
 */
export function NotificationItemRow({
  item,
  now,
  deleting,
  onOpen,
  onDelete,
}: NotificationItemRowProps) {
  const unread = isUnread(item);
  const title = itemTitle(item);
  return (
    <li
      data-unread={unread || undefined}
      className={cn(
        'group relative flex items-start gap-1 border-b last:border-b-0',
        unread && 'bg-primary/5',
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-start gap-3 py-3 pr-1 pl-5 text-left outline-none hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
      >
        <span className="mt-1.5 flex size-2.5 shrink-0 items-center justify-center">
          {unread ? (
            <span className="size-2.5 rounded-full bg-primary" role="img" aria-label="Oläst" />
          ) : null}
        </span>
        <span className="grid min-w-0 gap-0.5">
          <span
            className={cn(
              'text-sm leading-snug break-words',
              unread ? 'font-bold' : 'font-semibold',
            )}
          >
            {title}
          </span>
          {item.body ? (
            <span className="text-[13px] leading-snug break-words whitespace-pre-line text-muted-foreground">
              {item.body}
            </span>
          ) : null}
          {item.createdAt ? (
            <time
              dateTime={item.createdAt}
              title={formatDateTime(item.createdAt)}
              className="text-xs text-muted-foreground"
            >
              {formatRelative(item.createdAt, now)}
            </time>
          ) : null}
        </span>
      </button>
      <Button
        variant="ghost"
        size="icon"
        className="mt-1 mr-2 text-muted-foreground hover:text-destructive"
        aria-label="Ta bort"
        title="Ta bort"
        disabled={deleting}
        onClick={onDelete}
      >
        {deleting ? <Spinner label="Tar bort…" /> : <Trash2 aria-hidden="true" />}
      </Button>
    </li>
  );
}
