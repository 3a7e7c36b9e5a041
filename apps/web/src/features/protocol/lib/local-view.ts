import type { HeatSaveBody, Match, NominationsBody } from '@speedway/contracts';
import {
  applyHeatSave,
  applyNomination,
  heatOf,
  heatSaveInputOf,
  heatTag,
  nominationsTag,
  protocolDerived,
  type MatchState,
} from '@speedway/rules';
import type { OutboxEntry, OutboxState } from '@/lib/offline/db';
import { toMatchState } from './match-state';

// ADR 010 §5: what the protocol page shows is the server's match with the user's unsent changes
// folded over it by the engine, with the functions and state the server judges them with, so a
// pending heat shows the totals the server will answer.

/** The nominated heats of a nominations body, in the server's order (14, then 15). */
export function nominationsOf(body: NominationsBody) {
  return ([14, 15] as const).flatMap((n) => {
    const nomination = body[`heat${n}`];
    return nomination ? [{ heatNumber: n, nomination }] : [];
  });
}

/** One unsent change as the page marks it. */
export type PendingMark = {
  seq: number;
  state: OutboxState;
  /** What it changes, as the user knows it: 'Heat 3', 'Nominering', 'Spara protokoll'. */
  title: string;
  /** The heat it is shown at (a nomination's last heat); null for 'Spara protokoll'. */
  heatNumber: number | null;
  /** The engine refused it on the local view: the server will likely refuse it too. */
  likelyConflict: boolean;
  /** Waiting behind an earlier blocked change (its title): it goes once the user has chosen. */
  behind: string | null;
};

/**
 * 'Spara protokoll': the save, and the confirmation the outbox sends after it
 * (docs/spec/2-matches-protocols-admin.md §4: the protocol becomes 'Bekräftad'). One action for the
 * user, so one mark and one title.
 */
export function savesProtocol(entry: Pick<OutboxEntry, 'kind'>): boolean {
  return entry.kind === 'save-protocol' || entry.kind === 'confirm';
}

/** What an unsent change changes, as the user knows it. */
export function changeTitle(entry: Pick<OutboxEntry, 'kind' | 'heatNumber'>): string {
  if (entry.kind === 'heat') return `Heat ${entry.heatNumber}`;
  if (entry.kind === 'nominations') return 'Nominering';
  if (entry.kind === 'start-protocol') return 'Start av protokollet';
  return 'Spara protokoll';
}

function shownAt(entry: OutboxEntry): number | null {
  if (entry.kind === 'heat') return entry.heatNumber ?? null;
  if (entry.kind !== 'nominations') return null;
  const heats = nominationsOf(entry.body as NominationsBody).map((n) => n.heatNumber);
  return heats.length > 0 ? Math.max(...heats) : null;
}

const isBlocked = (state: OutboxState) => state === 'conflict' || state === 'failed';

export type LocalView = {
  match: Match;
  pending: {
    /** The newest unsent change of each heat, or a blocked one (conflict, failed) if any. */
    heats: Map<number, PendingMark>;
    nominations: PendingMark | null;
    save: PendingMark | null;
    /** The start of a protocol made on the device (ADR 019), until the server has it. */
    start: PendingMark | null;
  };
};

type Step = { ok: true; state: MatchState } | { ok: false };

/** An entry applied to a state; `already` when the state is the entry's own result. */
function fold(state: MatchState, entry: OutboxEntry): Step | 'already' {
  if (entry.kind === 'heat') {
    const n = entry.heatNumber ?? 0;
    const heat = heatOf(state, n);
    if (heat && heatTag(heat) === entry.expect) return 'already';
    const outcome = applyHeatSave(state, n, heatSaveInputOf(entry.body as HeatSaveBody));
    return outcome.ok ? { ok: true, state: outcome.match } : { ok: false };
  }
  if (entry.kind === 'nominations') {
    if (nominationsTag(state) === entry.expect) return 'already';
    let current = state;
    for (const { heatNumber, nomination } of nominationsOf(entry.body as NominationsBody)) {
      const outcome = applyNomination(current, heatNumber, nomination);
      if (!outcome.ok) return { ok: false };
      current = outcome.match;
    }
    return { ok: true, state: current };
  }
  return { ok: true, state };
}

/** A blocked change outranks a newer one waiting behind it: the user has to choose there. */
function mark(previous: PendingMark | undefined | null, next: PendingMark): PendingMark {
  return previous && isBlocked(previous.state) && !isBlocked(next.state) ? previous : next;
}

/**
 * The server's match with the protocol's entries folded over it by seq. Failed entries are not
 * folded (they are not sent) but marked; an entry the engine refuses here is marked as a likely
 * conflict and still sent (the server decides). A pending 'Spara protokoll' confirms the view.
 */
export function localMatch(server: Match, entries: readonly OutboxEntry[]): LocalView {
  let state = toMatchState(server);
  let confirmed = server.status === 'confirmed';
  const pending: LocalView['pending'] = {
    heats: new Map(),
    nominations: null,
    save: null,
    start: null,
  };
  const ordered = [...entries]
    .filter((entry) => entry.matchId === server.id)
    .sort((a, b) => a.seq - b.seq);
  // The outbox sends a protocol's changes in order: after a blocked one, the rest wait for it.
  let blockedBy: string | null = null;
  for (const entry of ordered) {
    const step = entry.state === 'failed' ? null : fold(state, entry);
    if (step && step !== 'already' && step.ok) state = step.state;
    const title = changeTitle(entry);
    const current: PendingMark = {
      seq: entry.seq,
      state: entry.state,
      title,
      heatNumber: shownAt(entry),
      likelyConflict: step !== null && step !== 'already' && !step.ok,
      behind: isBlocked(entry.state) ? null : blockedBy,
    };
    if (isBlocked(entry.state)) blockedBy ??= title;
    if (entry.kind === 'heat' && entry.heatNumber !== undefined) {
      pending.heats.set(entry.heatNumber, mark(pending.heats.get(entry.heatNumber), current));
    } else if (entry.kind === 'nominations') {
      pending.nominations = mark(pending.nominations, current);
    } else if (entry.kind === 'start-protocol') {
      // Changes nothing in the view: the device's protocol is the one the server will create.
      pending.start = current;
    } else {
      pending.save = mark(pending.save, current);
      if (entry.state !== 'failed') confirmed = true;
    }
  }
  if (ordered.length === 0) return { match: server, pending };
  const derived = protocolDerived(state, confirmed ? 'confirmed' : undefined);
  return { match: { ...server, heats: state.heats, ...derived }, pending };
}
