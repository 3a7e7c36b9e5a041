import type { SyncCounts, SyncRunStatus, SyncTrigger } from '@speedway/contracts';

export const TRIGGER_LABELS: Record<SyncTrigger, string> = {
  schedule: 'Schemalagd',
  manual: 'Manuell',
  command: 'Kommando',
};

export const RUN_STATUS_LABELS: Record<SyncRunStatus, string> = {
  running: 'Pågår',
  done: 'Klar',
  failed: 'Misslyckades',
};

/** The counts in the order a run goes through a match list. */
export const COUNT_LABELS: readonly (readonly [keyof SyncCounts, string])[] = [
  ['seen', 'Sedda'],
  ['imported', 'Importerade'],
  ['updated', 'Uppdaterade'],
  ['unchanged', 'Oförändrade'],
  ['refused', 'Avvisade'],
];

const count = new Intl.NumberFormat('sv-SE');

export function formatCount(value: number): string {
  return count.format(value);
}

/**
 * A refused page's address when it is one a browser can open (http or https); a run that read a
 * folder names a file instead, which is shown as text.
 */
export function webUrlOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
