import { useState } from 'react';
import { toast } from 'sonner';
import type { PrintSource } from './lib/print-scoresheet';

export const PRINT_FAILED = 'Kunde inte skriva ut protokollet';

/**
 * Prints a sheet with the browser: the renderer loads on the first print, never with the page.
 * `printing` while it loads, so a second tap does not queue a second dialog.
 */
export function usePrint() {
  const [printing, setPrinting] = useState(false);
  /** `source` may be a promise: what the page does not hold yet (a referee) is looked up first. */
  const print = (source: PrintSource | Promise<PrintSource>, blank = false) => {
    setPrinting(true);
    Promise.all([source, import('./lib/print-scoresheet')])
      .then(([sheet, { printScoresheet }]) => printScoresheet(sheet, { blank }))
      .catch(() => toast.error(PRINT_FAILED, { description: 'Försök igen.' }))
      .finally(() => setPrinting(false));
  };
  return { printing, print };
}
