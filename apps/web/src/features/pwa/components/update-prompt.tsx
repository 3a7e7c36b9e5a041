import { useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { applyUpdate, subscribeToUpdate, waitingUpdate } from '@/lib/service-worker';
import { useDialogOpen } from '@/lib/use-dialog-open';

const noUpdate = () => null;

/**
 * 'Ny version finns – ladda om' while a new version waits (ADR 010 §1). Held back while a dialog
 * is open: a heat or nomination being registered is never interrupted, and a reload would lose
 * its draft. Just below the header (4 rem and its border): the bottom belongs to the bottom bar,
 * the sticky 'Spara protokoll' and the toasts.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdate, waitingUpdate, noUpdate);
  const overDialog = useDialogOpen();
  if (!waiting || overDialog) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 top-[4.75rem] z-40 flex items-center gap-3 rounded-xl border bg-card py-2 pr-2 pl-4 text-sm text-card-foreground shadow-lg md:right-auto md:left-1/2 md:-translate-x-1/2"
    >
      <span className="flex-1 font-medium">Ny version finns – ladda om</span>
      <Button onClick={applyUpdate}>Ladda om</Button>
    </div>
  );
}
