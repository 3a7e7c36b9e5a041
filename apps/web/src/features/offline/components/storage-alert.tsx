import { HardDrive, X } from 'lucide-react';
import { useStorageFull } from '../hooks/use-storage-full';

/**
 * The device is full (ADR 010 §4): StorageFullError's text, said until the user closes it. Fixed
 * at the foot of the window above the phone's bottom bar, under every dialog (z-40 < z-50).
 */
export function StorageAlert() {
  const [message, setMessage] = useStorageFull();
  if (!message) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-40 flex items-start gap-3 rounded-xl border border-destructive/40 bg-card py-2 pr-1 pl-4 text-sm text-card-foreground shadow-lg md:right-auto md:bottom-4 md:left-1/2 md:w-[34rem] md:-translate-x-1/2"
    >
      <HardDrive className="mt-2.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <p className="flex-1 py-2 font-medium">{message}</p>
      <button
        type="button"
        aria-label="Stäng"
        onClick={() => setMessage(null)}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
