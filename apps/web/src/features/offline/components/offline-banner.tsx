import { WifiOff } from 'lucide-react';

export const OFFLINE_TEXT =
  'Offline – ändringar sparas på enheten och skickas när nätet är tillbaka.';

/**
 * The strip under the header bar while the browser is offline (ADR 010 §8). It is part of the
 * sticky header, so it never covers the page's content, and like the header it stays under every
 * dialog (z-50): a heat being entered keeps its buttons.
 */
export function OfflineBanner() {
  return (
    <div role="status" className="border-t border-white/10 bg-warning text-amber-950">
      <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-1.5 text-[13px] leading-snug font-semibold md:px-6">
        <WifiOff className="size-4 shrink-0" aria-hidden="true" />
        {OFFLINE_TEXT}
      </p>
    </div>
  );
}
