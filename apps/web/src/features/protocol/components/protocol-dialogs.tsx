import type { Match } from '@speedway/contracts';
import type { MatchState } from '@speedway/rules';
import { useSyncExternalStore } from 'react';
import type { TeamShorts } from '../lib/match-state';
import type { OutboxEntry } from '@/lib/offline/db';
import { ConflictDialog } from './conflict-dialog';
import { HeatDialog } from './heat-dialog';
import { MatchStatsDialog } from './match-stats-dialog';
import { NominationDialog } from './nomination-dialog';

export type OpenDialog =
  | { kind: 'heat'; heat: number }
  | { kind: 'nomination'; heat: number }
  | { kind: 'stats' }
  /** The choice for a blocked unsent change (its outbox seq). */
  | { kind: 'conflict'; seq: number }
  | null;

/**
 * Which of the protocol's dialogs is open. It is kept outside the page's state so that opening one
 * renders the dialog alone, not the page again with its fifteen heat cards behind it (on
 * a throttled phone that re-render was most of the ~420 ms between the tap on 'Registrera heat'
 * and the dialog on screen). `open` and `close` never change, so the page can hand them out.
 */
export type DialogStore = {
  open: (dialog: NonNullable<OpenDialog>) => void;
  close: () => void;
  subscribe: (listener: () => void) => () => void;
  current: () => OpenDialog;
};

export function createDialogStore(): DialogStore {
  let current: OpenDialog = null;
  const listeners = new Set<() => void>();
  const set = (next: OpenDialog) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  return {
    open: set,
    close: () => set(null),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => current,
  };
}

type ProtocolDialogsProps = {
  store: DialogStore;
  match: Match;
  /** The server's match as last read, for the choice on a blocked change. */
  server: Match;
  /** The protocol's unsent changes. */
  entries: OutboxEntry[];
  state: MatchState;
  shorts: TeamShorts;
  /** A saved protocol: its heats and nominations cannot be changed, so their dialogs never open. */
  readOnly: boolean;
  /** After a heat was saved; `first` when it had no complete result before. */
  onHeatSaved: (heatNumber: number, first: boolean) => void;
  /** Where focus goes when a heat or nomination dialog closes. */
  onCloseAutoFocus: (event: Event) => void;
};

/** The protocol page's dialogs: the one the store says is open, if any. */
export function ProtocolDialogs({
  store,
  match,
  server,
  entries,
  state,
  shorts,
  readOnly,
  onHeatSaved,
  onCloseAutoFocus,
}: ProtocolDialogsProps) {
  const dialog = useSyncExternalStore(store.subscribe, store.current, store.current);
  if (dialog?.kind === 'heat' && !readOnly) {
    return (
      <HeatDialog
        match={match}
        state={state}
        heatNumber={dialog.heat}
        onClose={store.close}
        onSaved={onHeatSaved}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    );
  }
  if (dialog?.kind === 'nomination' && !readOnly) {
    return (
      <NominationDialog
        match={match}
        state={state}
        heatNumber={dialog.heat}
        onClose={store.close}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    );
  }
  if (dialog?.kind === 'conflict') {
    const entry = entries.find((e) => e.seq === dialog.seq);
    // Settled meanwhile (sent, or chosen in another tab): nothing is left to choose.
    if (!entry || (entry.state !== 'conflict' && entry.state !== 'failed')) return null;
    return (
      <ConflictDialog
        entry={entry}
        server={server}
        onClose={store.close}
        onEdit={(heat) => store.open({ kind: 'heat', heat })}
      />
    );
  }
  if (dialog?.kind === 'stats') {
    return <MatchStatsDialog match={match} state={state} shorts={shorts} onClose={store.close} />;
  }
  return null;
}
