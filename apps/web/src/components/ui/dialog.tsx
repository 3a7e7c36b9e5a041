import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** On phones the dialog fills the screen from the bottom, like a sheet. */
  sheet?: boolean;
  closeLabel?: string;
};

export function DialogContent({
  className,
  children,
  sheet = false,
  closeLabel = 'Stäng',
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed z-50 flex flex-col overflow-hidden border bg-card text-card-foreground shadow-lg outline-none',
          // Lifted by --toast-room while toasts show over it (components/ui/sonner.tsx): they stay
          // bottom right and cover none of its controls. No transition: what a guide or a tap
          // aims at is where it is drawn.
          sheet
            ? 'inset-x-0 bottom-(--toast-room,0px) max-h-[calc(97dvh_-_var(--toast-room,0px))] rounded-t-2xl md:inset-x-auto md:top-[calc(50%_-_var(--toast-room,0px)_/_2)] md:bottom-auto md:left-1/2 md:max-h-[calc(90dvh_-_var(--toast-room,0px))] md:w-full md:max-w-2xl md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-2xl'
            : 'top-[calc(50%_-_var(--toast-room,0px)_/_2)] left-1/2 max-h-[calc(90dvh_-_var(--toast-room,0px))] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={closeLabel}
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('grid gap-1 border-b px-5 pt-4 pr-14 pb-3', className)} {...props} />;
}

export function DialogBody({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('min-h-0 flex-1 overflow-y-auto px-5 py-4', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'grid gap-2 border-t bg-card px-5 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('text-lg leading-tight font-bold', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
