import { CheckCheck, LoaderCircle, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { useDeleteNotification } from '../api/delete-notification';
import { useInbox } from '../api/get-inbox';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { isUnread, itemId, itemTarget, unreadCount, type InboxItem } from '../lib/inbox-item';
import { resolveTarget } from '../lib/open-target';
import { NotificationItemRow } from './notification-item';

/** docs/spec/1-app-shell-auth-account.md §2, word for word. */
export const DRAWER_TEXTS = {
  title: 'Notiser',
  description: 'Hantera dina uppdateringar och påminnelser.',
  markAll: 'Markera alla lästa',
  loading: 'Laddar notiser…',
  empty: 'Inga notiser ännu.',
  footer: 'Uppdateras automatiskt.',
} as const;

const LOAD_FAILED = 'Kunde inte hämta notiser.';
const DELETE_FAILED = 'Kunde inte ta bort notisen.';
const MARK_ALL_FAILED = 'Kunde inte markera notiserna som lästa.';
/** The relative times are redrawn this often while the drawer is open. */
const CLOCK_MS = 30_000;

type NotificationDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The side sheet from the right (at most 420 px) that the bell opens. */
export function NotificationDrawer({ open, onOpenChange }: NotificationDrawerProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          data-slot="notification-drawer"
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-[420px] flex-col border-l bg-card text-card-foreground shadow-2xl outline-none"
        >
          <DrawerBody onClose={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function DrawerBody({ onClose }: { onClose: () => void }) {
  const inbox = useInbox();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const navigate = useNavigate();
  const now = useNow(CLOCK_MS);
  const items = inbox.data;
  const unread = unreadCount(items);

  const open = (item: InboxItem) => {
    const id = itemId(item);
    if (id && isUnread(item)) markRead.mutate(id);
    const target = itemTarget(item);
    const resolved = target ? resolveTarget(target) : null;
    onClose();
    if (resolved?.kind === 'app') void navigate(resolved.path);
    else if (resolved?.kind === 'external') window.location.assign(resolved.url);
  };

  return (
    <>
      <div className="relative grid gap-3 border-b px-5 pt-[calc(1rem+env(safe-area-inset-top))] pb-4">
        <div className="grid gap-1 pr-12">
          <DialogPrimitive.Title className="text-lg leading-tight font-bold">
            {DRAWER_TEXTS.title}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-muted-foreground">
            {DRAWER_TEXTS.description}
          </DialogPrimitive.Description>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="h-10 w-fit"
          disabled={unread === 0 || markAll.isPending}
          onClick={() =>
            !markAll.isPending &&
            markAll.mutate(undefined, {
              onError: (error) =>
                toast.error(MARK_ALL_FAILED, { description: errorMessage(error, '') || undefined }),
            })
          }
        >
          {markAll.isPending ? <Spinner /> : <CheckCheck aria-hidden="true" />}
          {DRAWER_TEXTS.markAll}
        </Button>
        <DialogPrimitive.Close
          aria-label="Stäng"
          className="absolute top-[calc(0.5rem+env(safe-area-inset-top))] right-2 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {items === undefined ? (
          inbox.isError ? (
            <p role="alert" className="px-5 py-8 text-center text-sm text-destructive">
              {errorMessage(inbox.error, LOAD_FAILED)}
            </p>
          ) : (
            <p
              role="status"
              className="flex items-center justify-center gap-2 px-5 py-8 text-sm text-muted-foreground"
            >
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              {DRAWER_TEXTS.loading}
            </p>
          )
        ) : items.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-muted-foreground">
            {DRAWER_TEXTS.empty}
          </p>
        ) : (
          <ul aria-label={DRAWER_TEXTS.title}>
            {items.map((item, index) => {
              const id = itemId(item);
              return (
                <NotificationItemRow
                  key={id || index}
                  item={item}
                  now={now}
                  deleting={remove.isPending && remove.variables === id}
                  onOpen={() => open(item)}
                  onDelete={() =>
                    id &&
                    remove.mutate(id, {
                      onError: (error) =>
                        toast.error(DELETE_FAILED, {
                          description: errorMessage(error, '') || undefined,
                        }),
                    })
                  }
                />
              );
            })}
          </ul>
        )}
      </div>

      <p className="border-t px-5 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] text-center text-xs text-muted-foreground">
        {DRAWER_TEXTS.footer}
      </p>
    </>
  );
}
