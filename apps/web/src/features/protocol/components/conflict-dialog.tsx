import type { HeatSaveBody, Match, NominationsBody } from '@speedway/contracts';
import {
  applyHeatSave,
  applyNomination,
  canSaveProtocol,
  heatOf,
  heatTag,
  LANES,
  messages,
  nominationsTag,
  protocolTag,
  type Heat,
  type Lineups,
  type MatchState,
  heatSaveInputOf,
} from '@speedway/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { OutboxEntry } from '@/lib/offline/db';
import { discard, keepMine, retry } from '@/lib/offline/outbox';
import { pointsLabel } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { changeTitle, nominationsOf, savesProtocol } from '../lib/local-view';
import { storeDraft } from '../lib/draft-storage';
import { draftFromChange } from '../lib/heat-draft';
import { ordinal, toMatchState } from '../lib/match-state';

export const PROTOCOL_LOCKED = 'Protokollet är sparat och kan inte längre ändras.';
export const PROTOCOL_ALREADY_SAVED_ON_SERVER = 'Protokollet är sparat';

/** What my change gives on the server's state: the version to show and whether it may go again. */
type Judged = {
  /** The heats my change touches, as they would be; null when the engine refuses it there. */
  mine: Heat[] | null;
  verdict: { ok: true; base: string; expect: string } | { ok: false; reason: string };
};

/** 'Behåll min version' re-judges the change on the server's state with the engine (ADR 010 §4). */
export function judgeOnServer(entry: OutboxEntry, server: Match): Judged {
  const state = toMatchState(server);
  const confirmed = server.status === 'confirmed';
  if (savesProtocol(entry)) {
    if (confirmed) return { mine: null, verdict: { ok: false, reason: PROTOCOL_LOCKED } };
    const ready = canSaveProtocol(state);
    const tag = protocolTag(state);
    return {
      mine: null,
      verdict: ready.ok
        ? { ok: true, base: tag, expect: tag }
        : { ok: false, reason: ready.reason },
    };
  }
  if (entry.kind === 'heat') {
    const n = entry.heatNumber ?? 0;
    const outcome = applyHeatSave(state, n, heatSaveInputOf(entry.body as HeatSaveBody));
    if (!outcome.ok) return { mine: null, verdict: { ok: false, reason: outcome.error.message } };
    const seen = heatOf(state, n) as Heat;
    const verdict = confirmed
      ? { ok: false as const, reason: PROTOCOL_LOCKED }
      : { ok: true as const, base: heatTag(seen), expect: heatTag(outcome.heat) };
    return { mine: [outcome.heat], verdict };
  }
  let current: MatchState = state;
  const mine: Heat[] = [];
  for (const { heatNumber, nomination } of nominationsOf(entry.body as NominationsBody)) {
    const outcome = applyNomination(current, heatNumber, nomination);
    if (!outcome.ok) return { mine: null, verdict: { ok: false, reason: outcome.error.message } };
    current = outcome.match;
    mine.push(outcome.heat);
  }
  const verdict = confirmed
    ? { ok: false as const, reason: PROTOCOL_LOCKED }
    : { ok: true as const, base: nominationsTag(state), expect: nominationsTag(current) };
  return { mine, verdict };
}

/** A heat as one side of the comparison: each lane's rider, place and points. */
function HeatVersion({ heat }: { heat: Heat }) {
  return (
    <ol className="grid gap-1 text-sm">
      {LANES.map((lane) => {
        const rider = heat.riders[lane];
        const result = rider && heat.results.find((r) => r.rider_id === rider.rider_id);
        return (
          <li key={lane} className="flex flex-wrap items-baseline justify-between gap-x-2">
            <span className="min-w-0 truncate">
              <span className="text-muted-foreground">{lane}.</span> {rider?.name ?? '–'}
            </span>
            <span className="shrink-0 font-semibold tabular-nums">
              {!result
                ? '–'
                : result.status === 'excluded'
                  ? messages.excludedShort
                  : `${ordinal(result.position)} · ${pointsLabel(result.points, result.bonus_points)} p`}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The change as sent, when the engine cannot apply it on the server's state. */
function RawHeatChange({ body, lineups }: { body: HeatSaveBody; lineups: Lineups }) {
  const name = (id: string) =>
    [...lineups.home, ...lineups.away].find((r) => r.rider_id === id)?.name ?? id;
  return (
    <ol className="grid gap-1 text-sm">
      {(body.results ?? []).map((r) => (
        <li key={r.rider_id} className="flex flex-wrap justify-between gap-x-2">
          <span className="min-w-0 truncate">{name(r.rider_id)}</span>
          <span className="shrink-0 font-semibold">
            {r.status === 'excluded' ? messages.excludedShort : ordinal(r.position)}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Side({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid content-start gap-2 rounded-xl border p-3">
      <h3 className="text-sm font-bold">{title}</h3>
      {children}
    </section>
  );
}

/**
 * A blocked change (ADR 010 §4): a conflict shows 'Din version' and 'På servern' side by side and
 * offers 'Behåll min version' (disabled with the engine's reason when the server's state refuses
 * it) and 'Använd serverns version'; a failure offers 'Försök igen' and 'Ta bort ändringen'.
 */
export function ConflictDialog({
  entry,
  server,
  onClose,
  onEdit,
}: {
  entry: OutboxEntry;
  /** The server's match as last read (read again on opening). */
  server: Match;
  onClose: () => void;
  /** Opens the heat dialog (with my version as its draft). */
  onEdit: (heatNumber: number) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  // The choice is made on the server's newest state.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.match(entry.matchId), exact: true });
  }, [queryClient, entry.matchId]);

  const judged = judgeOnServer(entry, server);
  const conflict = entry.state === 'conflict';
  const serverHeat =
    entry.kind === 'heat' ? heatOf(toMatchState(server), entry.heatNumber ?? 0) : null;
  // Mine no longer fits the heat there: it can be made again on it, starting from mine.
  const editable = conflict && !judged.verdict.ok && serverHeat && server.status !== 'confirmed';
  const edit = () => {
    if (!serverHeat) return;
    storeDraft(entry.matchId, serverHeat, draftFromChange(serverHeat, entry.body as HeatSaveBody));
    setBusy(true);
    void discard(entry.seq).finally(() => onEdit(serverHeat.heat_number));
  };
  const choose = (action: () => Promise<unknown>) => {
    setBusy(true);
    void action().finally(onClose);
  };
  const serverHeats =
    entry.kind === 'heat'
      ? server.heats.filter((h) => h.heat_number === entry.heatNumber)
      : entry.kind === 'nominations'
        ? server.heats.filter((h) =>
            nominationsOf(entry.body as NominationsBody).some(
              (n) => n.heatNumber === h.heat_number,
            ),
          )
        : [];

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent sheet>
        <DialogHeader>
          <DialogTitle>
            {changeTitle(entry)}: {conflict ? 'Konflikt – välj version' : 'Kunde inte skickas'}
          </DialogTitle>
          <DialogDescription>{entry.lastError?.message ?? ''}</DialogDescription>
        </DialogHeader>
        <DialogBody className="grid gap-3">
          {conflict ? (
            // Side by side where both fit; on a phone one above the other, names whole.
            <div className="grid gap-2 sm:grid-cols-2">
              <Side title="Din version">
                {savesProtocol(entry) ? (
                  <p className="text-sm">Spara protokollet</p>
                ) : judged.mine ? (
                  judged.mine.map((heat) => <HeatVersion key={heat.heat_number} heat={heat} />)
                ) : entry.kind === 'heat' ? (
                  <RawHeatChange body={entry.body as HeatSaveBody} lineups={server.lineups} />
                ) : (
                  <p className="text-sm">Nominering av heat 15</p>
                )}
              </Side>
              <Side title="På servern">
                {savesProtocol(entry) || server.status === 'confirmed' ? (
                  <p className="text-sm">
                    {server.status === 'confirmed'
                      ? PROTOCOL_ALREADY_SAVED_ON_SERVER
                      : 'Protokollet är inte sparat'}
                  </p>
                ) : null}
                {serverHeats.map((heat) => (
                  <HeatVersion key={heat.heat_number} heat={heat} />
                ))}
              </Side>
            </div>
          ) : null}
          {conflict && !judged.verdict.ok ? (
            <p id={reasonId} role="note" className="text-sm text-muted-foreground">
              {judged.verdict.reason}
            </p>
          ) : null}
        </DialogBody>
        <DialogFooter>
          <div className="grid gap-2 sm:grid-cols-2">
            {editable ? (
              <Button
                variant="outline"
                size="lg"
                className="sm:col-span-2"
                disabled={busy}
                onClick={edit}
              >
                Redigera
              </Button>
            ) : null}
            {conflict ? (
              <>
                <Button
                  variant="outline"
                  size="lg"
                  disabled={busy}
                  onClick={() => choose(() => discard(entry.seq))}
                >
                  Använd serverns version
                </Button>
                <Button
                  size="lg"
                  disabled={busy || !judged.verdict.ok}
                  aria-describedby={judged.verdict.ok ? undefined : reasonId}
                  onClick={() => {
                    const { verdict } = judged;
                    if (!verdict.ok) return;
                    choose(() =>
                      keepMine(entry.seq, { base: verdict.base, expect: verdict.expect }),
                    );
                  }}
                >
                  Behåll min version
                </Button>
              </>
            ) : (
              <>
                <Button
                  variant="outline"
                  size="lg"
                  disabled={busy}
                  onClick={() => choose(() => discard(entry.seq))}
                >
                  Ta bort ändringen
                </Button>
                <Button size="lg" disabled={busy} onClick={() => choose(() => retry(entry.seq))}>
                  Försök igen
                </Button>
              </>
            )}
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
