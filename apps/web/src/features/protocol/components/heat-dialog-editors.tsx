import { LANES, messages } from '@speedway/rules';
import { startTransition, useEffect, useState } from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';

/**
 * Whether the heat dialog may show its editors (the four lanes and the R/R switch): not in the
 * render that opens it, but once the sheet has been painted. Opening is a tap at the track that
 * should answer at once (INP ≤ 200 ms on a phone-speed CPU, bench/web-budgets.mjs): the sheet with
 * its title, buttons and placeholders of the editors' size comes first, and the editors (rider
 * lists, twenty placement buttons, the switch; most of the work) a frame later, so the tap's next
 * paint does not wait for them.
 */
export function useEditorsAfterPaint(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => afterFirstPaint(() => startTransition(() => setShown(true))), []);
  return shown;
}

/**
 * The editors' places while they are on their way, each the size of what replaces it (lane-editor
 * .tsx: a row of 44 px and one of 48 px; the R/R row with its text and switch), so the sheet does
 * not grow or jump when they arrive.
 */
export function HeatEditorsPlaceholder() {
  return (
    <>
      {LANES.map((lane) => (
        <div
          key={lane}
          aria-hidden="true"
          data-testid="lane-placeholder"
          className="grid gap-2 rounded-xl border p-2.5"
        >
          <div className="h-11 rounded-lg bg-muted/60" />
          <div className="h-12 rounded-lg bg-muted/60" />
        </div>
      ))}
      <div
        aria-hidden="true"
        className="flex items-center justify-between gap-4 rounded-xl border px-3 py-3"
      >
        <span className="text-sm leading-snug font-medium text-transparent">
          {messages.manualUnlock}
        </span>
        <span className="h-7 w-12 shrink-0 rounded-full bg-muted/60" />
      </div>
    </>
  );
}
