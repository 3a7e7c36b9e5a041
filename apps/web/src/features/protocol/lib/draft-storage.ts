import type { Heat } from '@speedway/rules';
import { STORAGE_KEYS } from '@/lib/storage';
import { isRecord } from '@/lib/utils';
import type { HeatDraft } from './heat-draft';

// Unsaved heat input survives a reload, a lost session (sign in again, come back) or a closed
// dialog, for as long as the tab lives. It is only restored onto the heat it was made from.

function keyOf(matchId: string, heatNumber: number): string {
  return `${STORAGE_KEYS.heatDraft}.${matchId}.${heatNumber}`;
}

/** What the draft was based on: the saved heat's riders and results. */
function baseOf(heat: Heat): string {
  return JSON.stringify([heat.riders, heat.results]);
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadDraft(matchId: string, heat: Heat): HeatDraft | null {
  try {
    const raw = session()?.getItem(keyOf(matchId, heat.heat_number));
    if (!raw) return null;
    const stored: unknown = JSON.parse(raw);
    if (!isRecord(stored) || stored.base !== baseOf(heat) || !isRecord(stored.draft)) return null;
    const draft = stored.draft;
    if (!isRecord(draft.riders) || !isRecord(draft.entries) || typeof draft.rr !== 'boolean') {
      return null;
    }
    return draft as HeatDraft;
  } catch {
    return null;
  }
}

export function storeDraft(matchId: string, heat: Heat, draft: HeatDraft): void {
  try {
    session()?.setItem(
      keyOf(matchId, heat.heat_number),
      JSON.stringify({ base: baseOf(heat), draft }),
    );
  } catch {
    // Storage full or unavailable: the draft lives as long as the dialog.
  }
}

export function clearDraft(matchId: string, heatNumber: number): void {
  try {
    session()?.removeItem(keyOf(matchId, heatNumber));
  } catch {
    // See storeDraft.
  }
}
