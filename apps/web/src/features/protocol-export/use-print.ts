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
  const print = (source: PrintSource, blank = false) => {
    setPrinting(true);
    import('./lib/print-scoresheet')
      .then(({ printScoresheet }) => printScoresheet(source, { blank }))
      .catch(() => toast.error(PRINT_FAILED, { description: 'Försök igen.' }))
      .finally(() => setPrinting(false));
  };
  return { printing, print };
}
