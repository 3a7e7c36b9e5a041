import type { Match } from '@speedway/contracts';
import {
  canSaveProtocol,
  getRulebook,
  isNominatedHeat,
  protocolTag,
  runningScores,
  type Heat,
} from '@speedway/rules';
import { ClipboardX, Lock, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { dialogOpen } from '@/lib/dialog-open';
import type { OutboxEntry } from '@/lib/offline/db';
import { teamRidersQueryOptions } from '../api/get-team-riders';
import { useAnnounceBlocked } from '../hooks/use-announce-blocked';
import { useHeatNavigation } from '../hooks/use-heat-navigation';
import { useLocalMatch } from '../hooks/use-local-match';
import type { LocalView, PendingMark } from '../lib/local-view';
import { teamShorts, toMatchState } from '../lib/match-state';
import { HeatCard } from './heat-card';
import { HeatsCarousel, type PointsMode } from './heats-carousel';
import { MatchHeader } from './match-header';
import { NominationCard } from './nomination-card';
import { PendingMarkBadge } from './pending-mark';
import { createDialogStore, ProtocolDialogs } from './protocol-dialogs';

function Notice({
  icon: Icon,
  title,
  action,
}: {
  icon: React.ComponentType<{ className?: string }>;
  title: string;
  action: string;
}) {
  return (
    <Card className="mx-auto max-w-md">
      <CardContent className="grid justify-items-center gap-4 py-6 text-center">
        <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-bold">{title}</h1>
        <Button asChild>
          <Link to="/matches">{action}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * A 403: the session may not read this protocol; sign in again and come back
 * (docs/spec/2-matches-protocols-admin.md §2).
 */
function ReAuthenticate() {
  const { signOut } = useAuth();
  // Ending the session lets the route guard send the user to /auth, remembering this path.
  useEffect(() => signOut('unauthorized'), [signOut]);
  return <PageSpinner />;
}

export const PROTOCOL_ALREADY_SAVED = 'Protokollet är redan sparat.';

/** Above the heats of a saved protocol: why nothing can be changed any more. */
/** A whole-protocol change (its start, 'Spara protokoll') the server refused: its mark and choice. */
function BlockedMark({
  mark,
  onChoose,
}: {
  mark: PendingMark | null;
  onChoose: (seq: number) => void;
}) {
  if (!mark || (mark.state !== 'conflict' && mark.state !== 'failed')) return null;
  return (
    <div className="flex justify-center">
      <PendingMarkBadge mark={mark} onChoose={() => onChoose(mark.seq)} />
    </div>
  );
}

function SavedNotice() {
  return (
    <Alert>
      <Lock aria-hidden="true" />
      <AlertTitle>Sparat protokoll – kan inte ändras</AlertTitle>
      <AlertDescription>
        Protokollet är sparat och låst. Heaten och nomineringarna visas som de sparades; jämförelsen
        med det officiella resultatet finns under Mina matcher.
      </AlertDescription>
    </Alert>
  );
}

/** What a 'Spara protokoll' button needs; the saving itself belongs to another feature. */
export type SaveActionProps = {
  matchId: string;
  canSave: boolean;
  disabledReason?: string;
  /** The protocol is already saved (confirmed), so read-only. */
  saved?: boolean;
  /** The engine's protocolTag of the heats shown: what the save is made on (If-Match). */
  protocolTag: string;
  /** Saved on the device, waiting to be sent (ADR 010 §8). */
  pending?: boolean;
};
export type SaveAction = (props: SaveActionProps) => React.ReactNode;
/** A banner ad's slot above or below the heats; the ads belong to another feature. */
export type AdSlotAction = (props: {
  placement: 'protocol-top' | 'protocol-bottom';
  match: Match;
}) => React.ReactNode;

/** The protocol's actions out of the app (print, PDF, CSV); they belong to another feature. */
export type ExportAction = (match: Match) => React.ReactNode;

/**
 * /match/{id}: loading, the no-match and error states, then the protocol. The route puts in
 * 'Spara protokoll' through `saveAction` (saving belongs to another feature); the engine decides
 * whether it is enabled.
 */
export function ProtocolPage({
  matchId,
  saveAction,
  adSlot,
  exportActions,
}: {
  matchId: string;
  saveAction: SaveAction;
  adSlot: AdSlotAction;
  exportActions?: ExportAction;
}) {
  const { query, view, entries } = useLocalMatch(matchId);
  if (matchId === 'preview') {
    return <Notice icon={ClipboardX} title="Inget matchprotokoll aktivt" action="Till matcher" />;
  }
  const status = query.error instanceof ApiError ? query.error.status : 0;
  // Started on the device (ADR 019): the server has no such protocol until the outbox's start.
  const starting = entries.some((entry) => entry.kind === 'start-protocol');
  // Not reached (offline, a dead network): the copy on the device is shown instead.
  if (query.isError && !(view && (status === 0 || starting))) {
    if (status === 401 || status === 403) return <ReAuthenticate />;
    if (status === 404) {
      return <Notice icon={ClipboardX} title="Inget matchprotokoll aktivt" action="Till matcher" />;
    }
    return <Notice icon={TriangleAlert} title="Något gick fel" action="Till matcher" />;
  }
  if (!view) return <PageSpinner />;
  // The server answered this device's start with the protocol the user already had of the match.
  if (view.match.id !== matchId) {
    return <Navigate to={`/match/${encodeURIComponent(view.match.id)}`} replace />;
  }
  return (
    <Protocol
      match={view.match}
      server={query.data ?? view.match}
      pending={view.pending}
      entries={entries}
      saveAction={saveAction}
      adSlot={adSlot}
      exportActions={exportActions}
    />
  );
}

function Protocol({
  match,
  server,
  pending,
  entries,
  saveAction,
  adSlot,
  exportActions,
}: {
  /** The server's match with the unsent changes folded over it. */
  match: Match;
  /** The server's match as last read. */
  server: Match;
  pending: LocalView['pending'];
  entries: OutboxEntry[];
  saveAction: SaveAction;
  adSlot: AdSlotAction;
  exportActions?: ExportAction;
}) {
  const state = useMemo(() => toMatchState(match), [match]);
  // The score after each heat, once for the fifteen cards (each used to compute it all again).
  const running = useMemo(
    () => new Map(runningScores(state.heats).map((score) => [score.heat_number, score])),
    [state.heats],
  );
  const shorts = teamShorts(match);
  const nav = useHeatNavigation(state);
  const [mode, setMode] = useState<PointsMode>('heat');
  // Opening a dialog re-renders the dialogs alone, not this page (protocol-dialogs.tsx).
  const [dialogs] = useState(createDialogStore);
  const heatsRef = useRef<HTMLDivElement>(null);
  // A closed dialog hands focus back to the heat on show (after a first save, the next one), not
  // to the button that opened it: that one may now sit on a hidden slide, which would leave focus
  // at the top of the page.
  const focusCurrentHeat = (event: Event) => {
    const slide = heatsRef.current?.querySelector('[role="group"]:not([inert])');
    const target =
      slide?.querySelector<HTMLElement>('[data-heat-action="register"]:not(:disabled)') ??
      slide?.querySelector<HTMLElement>('[data-heat-action="nominate"]:not(:disabled)');
    if (!target) return;
    event.preventDefault();
    target.focus({ preventScroll: true });
  };
  const rulebook = getRulebook(state.rulebook);
  const heats = [...state.heats].sort((a, b) => a.heat_number - b.heat_number);
  const readiness = canSaveProtocol(state);
  // A saved protocol is confirmed and the server refuses every change (409): nothing offers one.
  const readOnly = match.status === 'confirmed';
  // Both squads are fetched with the protocol, so that they are kept with it on the device (ADR
  // 010 §3) and the heat and nomination dialogs have them at the track without a network.
  const queryClient = useQueryClient();
  const { id: matchId, home_team_id: homeId, away_team_id: awayId } = match;
  useEffect(() => {
    if (readOnly) return;
    for (const teamId of [homeId, awayId]) {
      if (teamId) void queryClient.prefetchQuery(teamRidersQueryOptions(teamId, matchId));
    }
  }, [queryClient, matchId, homeId, awayId, readOnly]);
  // A change refused on reconnect is announced, and the carousel goes to its heat (unless the user
  // is in a dialog); the toast's action opens the choice.
  useAnnounceBlocked(pending, (mark, choose) => {
    if (mark.heatNumber !== null && (choose || !dialogOpen())) {
      nav.goTo(heats.findIndex((heat) => heat.heat_number === mark.heatNumber));
    }
    if (choose) dialogs.open({ kind: 'conflict', seq: mark.seq });
  });

  const renderHeat = (heat: Heat) => (
    <div className="grid gap-3">
      {isNominatedHeat(rulebook, heat.heat_number) ? (
        <NominationCard
          heat={heat}
          state={state}
          readOnly={readOnly}
          onNominate={() => dialogs.open({ kind: 'nomination', heat: heat.heat_number })}
          pending={pending.nominations}
          onResolve={() =>
            pending.nominations && dialogs.open({ kind: 'conflict', seq: pending.nominations.seq })
          }
        />
      ) : null}
      <HeatCard
        heat={heat}
        state={state}
        shorts={shorts}
        mode={mode}
        running={running.get(heat.heat_number)}
        readOnly={readOnly}
        onRegister={() => dialogs.open({ kind: 'heat', heat: heat.heat_number })}
        pending={pending.heats.get(heat.heat_number) ?? null}
        onResolve={() => {
          const mark = pending.heats.get(heat.heat_number);
          if (mark) dialogs.open({ kind: 'conflict', seq: mark.seq });
        }}
      />
    </div>
  );

  return (
    <div className="grid grid-cols-1 gap-4">
      <MatchHeader
        match={match}
        state={state}
        shorts={shorts}
        onStats={() => dialogs.open({ kind: 'stats' })}
      />
      {readOnly ? <SavedNotice /> : null}
      <BlockedMark
        mark={pending.start}
        onChoose={(seq) => dialogs.open({ kind: 'conflict', seq })}
      />
      {adSlot({ placement: 'protocol-top', match })}
      <div ref={heatsRef} className="min-w-0">
        <HeatsCarousel
          heats={heats}
          nav={nav}
          mode={mode}
          onMode={setMode}
          renderHeat={renderHeat}
        />
      </div>
      {adSlot({ placement: 'protocol-bottom', match })}
      {saveAction({
        matchId: match.id,
        protocolTag: protocolTag(state),
        pending: pending.save !== null && pending.save.state !== 'failed',
        canSave: readiness.ok && !readOnly,
        saved: readOnly,
        ...(readOnly
          ? { disabledReason: PROTOCOL_ALREADY_SAVED }
          : readiness.ok
            ? {}
            : { disabledReason: readiness.reason }),
      })}
      <BlockedMark
        mark={pending.save}
        onChoose={(seq) => dialogs.open({ kind: 'conflict', seq })}
      />
      {exportActions?.(match)}
      <ProtocolDialogs
        store={dialogs}
        match={match}
        server={server}
        entries={entries}
        state={state}
        shorts={shorts}
        readOnly={readOnly}
        onHeatSaved={(heat, first) => first && nav.advanceAfter(heat)}
        onCloseAutoFocus={focusCurrentHeat}
      />
    </div>
  );
}
