import type { Match } from '@speedway/contracts';
import {
  heatOf,
  isHeatComplete,
  LANES,
  laneChoices,
  messages,
  type Heat,
  type Lane,
  type LaneChoices,
  type MatchState,
} from '@speedway/rules';
import { Lock, UserRoundCog } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
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
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Tooltip } from '@/components/ui/tooltip';
import { ApiError, serverMessageOr } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { StorageFullError } from '@/lib/offline/storage-full';
import { cn } from '@/lib/utils';
import { vibrate, VIBRATION } from '@/lib/vibration';
import { heatSaveTags, useSaveHeat } from '../api/save-heat';
import { clearDraft, loadDraft, storeDraft } from '../lib/draft-storage';
import { DraftLaneEditor } from './draft-lane-editor';
import { HeatEditorsPlaceholder, useEditorsAfterPaint } from './heat-dialog-editors';
import { laneHint, type LaneHint } from '../lib/lane-hints';
import {
  checkDraft,
  draftFromHeat,
  draftRiders,
  withDraftRiders,
  type HeatDraft,
} from '../lib/heat-draft';

export const SAVE_HEAT_FAILED =
  'Kunde inte spara heatet. Kontrollera byten/regler och försök igen.';
export const SIGN_IN_TO_SAVE = 'Du måste vara inloggad för att spara resultat.';
/** ADR 010 §4: offline, timed out or behind another change; the outbox sends it later. */
export const savedOnDevice = (heatNumber: number) =>
  `Heat ${heatNumber} sparat på enheten – skickas när nätet är tillbaka.`;

type HeatDialogProps = {
  match: Match;
  state: MatchState;
  heatNumber: number;
  onClose: () => void;
  /** After a successful save; `first` when the heat had no complete result before. */
  onSaved: (heatNumber: number, first: boolean) => void;
  /** Where focus goes once the dialog has closed (default: where it was before it opened). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * The last 'Heat n sparat' toast, dismissed when the next dialog opens over its place. Its own id
 * each time: a toast given the id of one still leaving would leave with it.
 */
let lastSavedToast: string | number | undefined;

function sameDraft(a: HeatDraft, b: HeatDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Mounted per opening, so the draft starts as a copy of the heat (or the unsaved draft). */
export function HeatDialog(props: HeatDialogProps) {
  const heat = heatOf(props.state, props.heatNumber);
  if (!heat) return null;
  return <HeatDialogContent {...props} heat={heat} />;
}

function HeatDialogContent({
  match,
  state,
  heat,
  heatNumber,
  onClose,
  onSaved,
  onCloseAutoFocus,
}: HeatDialogProps & { heat: Heat }) {
  const { user } = useAuth();
  const save = useSaveHeat();
  const [restored] = useState(() => loadDraft(match.id, heat));
  const [draft, setDraft] = useState<HeatDraft>(() => restored ?? draftFromHeat(heat));
  const dirty = !sameDraft(draft, draftFromHeat(heat));
  const hintId = useId();
  const reasonsId = useId();
  const editorsShown = useEditorsAfterPaint();
  const contentRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  // The sheet holds focus until the editors are there; then the first of them takes it, as it
  // would have on opening (Radix's first focusable element), unless the user has moved on.
  useEffect(() => {
    if (!editorsShown || document.activeElement !== contentRef.current) return;
    bodyRef.current
      ?.querySelector<HTMLElement>('select:not(:disabled), button:not(:disabled)')
      ?.focus();
  }, [editorsShown]);

  // On a phone the previous heat's toast sits where this sheet has lane 4 and the R/R row.
  useEffect(() => {
    if (lastSavedToast !== undefined) toast.dismiss(lastSavedToast);
  }, []);

  // Unsaved input is kept for this tab until it is saved or cancelled.
  useEffect(() => {
    if (dirty) storeDraft(match.id, heat, draft);
    else clearDraft(match.id, heat.heat_number);
  }, [dirty, draft, heat, match.id]);

  const riders = draftRiders(state, heat, draft);
  const choiceState = withDraftRiders(state, heat, draft);
  const choices = Object.fromEntries(
    LANES.map((lane) => [lane, laneChoices(choiceState, heatNumber, lane, draft.rr)]),
  ) as Record<Lane, LaneChoices>;
  // Why lanes are locked, or what a team may change, each hint written once above the lanes
  // (space is short on a phone) and naming the team it is about.
  const teams = { home: match.home_team, away: match.away_team };
  const hints = Object.fromEntries(
    LANES.map((lane) => [
      lane,
      laneHint(choiceState, heatNumber, riders[lane]?.team, choices[lane], draft.rr, teams),
    ]),
  ) as Record<Lane, LaneHint | null>;
  const reasons = [
    ...new Map(LANES.flatMap((lane) => hints[lane] ?? []).map((hint) => [hint.text, hint])),
  ].map(([, hint]) => hint);
  const reasonId = (hint: LaneHint | null) =>
    hint === null
      ? undefined
      : `${reasonsId}-${reasons.findIndex((reason) => reason.text === hint.text)}`;
  const check = checkDraft(state, heatNumber, draft);
  const editing = isHeatComplete(heat);
  const title = editing
    ? messages.editHeatTitle(heatNumber)
    : messages.registerHeatTitle(heatNumber);

  const cancel = () => {
    clearDraft(match.id, heat.heat_number);
    onClose();
  };

  const submit = () => {
    if (!user) {
      toast.error(SIGN_IN_TO_SAVE);
      return;
    }
    if (!check.ok || save.isPending) return;
    // Judged by the engine on what the page shows (the server's heats and the unsent changes).
    const tags = heatSaveTags(state, heatNumber, check.payload);
    if (!tags.ok) {
      toast.error(tags.message || SAVE_HEAT_FAILED);
      return;
    }
    save.mutate(
      { userId: user.id, matchId: match.id, heatNumber, body: check.payload, ...tags },
      {
        onSuccess: (result) => {
          clearDraft(match.id, heat.heat_number);
          vibrate(VIBRATION.double);
          lastSavedToast =
            result.status === 'sent'
              ? toast.success(`Heat ${heatNumber} sparat`)
              : toast.info(savedOnDevice(heatNumber));
          onSaved(heatNumber, !editing);
          onClose();
        },
        onError: (error) => {
          if (error instanceof StorageFullError) toast.error(error.message);
          else if (error instanceof ApiError && error.status === 401) toast.error(SIGN_IN_TO_SAVE);
          else toast.error(serverMessageOr(error, SAVE_HEAT_FAILED));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        sheet
        ref={contentRef}
        data-tutorial-page="heatDialog"
        // A stray tap beside the sheet must not throw away placements.
        onInteractOutside={(event) => dirty && event.preventDefault()}
        {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          contentRef.current?.focus({ preventScroll: true });
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Tryck på placering 1–4. Tryck igen för att ta bort den.
          </DialogDescription>
          {restored ? (
            <p className="text-[13px] font-medium text-primary">
              Osparade ändringar har återställts.
            </p>
          ) : null}
        </DialogHeader>
        <DialogBody ref={bodyRef} className="grid gap-3">
          {reasons.map((reason, i) => {
            const Icon = reason.allowed ? UserRoundCog : Lock;
            return (
              <p
                key={reason.text}
                id={`${reasonsId}-${i}`}
                className={cn(
                  'flex items-start gap-2 text-[13px]',
                  reason.allowed ? 'font-medium text-foreground' : 'text-muted-foreground',
                )}
              >
                <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                {reason.text}
              </p>
            );
          })}
          {editorsShown ? (
            <>
              {LANES.map((lane) => (
                <DraftLaneEditor
                  key={lane}
                  lane={lane}
                  draft={draft}
                  setDraft={setDraft}
                  rider={riders[lane]}
                  choices={choices[lane]}
                  reasonId={reasonId(hints[lane])}
                />
              ))}
              <div
                className="flex items-center justify-between gap-4 rounded-xl border px-3 py-3"
                data-tutorial="heat-unlock"
              >
                <Label htmlFor={`${hintId}-rr`} className="leading-snug">
                  {messages.manualUnlock}
                </Label>
                <Switch
                  id={`${hintId}-rr`}
                  checked={draft.rr}
                  onCheckedChange={(rr) => setDraft((d) => ({ ...d, rr }))}
                />
              </div>
            </>
          ) : (
            <HeatEditorsPlaceholder />
          )}
          {!check.ok && check.swap ? (
            <p id={hintId} role="alert" className="text-sm font-medium text-destructive">
              {check.reason}
            </p>
          ) : null}
        </DialogBody>
        <DialogFooter>
          {!check.ok && !check.swap ? (
            <p id={hintId} className="text-[13px] text-muted-foreground">
              {check.reason}
            </p>
          ) : null}
          {/* Narrower padding on a phone: two buttons share 350 px, one with a spinner. */}
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" size="lg" className="min-w-0 px-3 sm:px-6" onClick={cancel}>
              Avbryt
            </Button>
            <Tooltip content={check.ok ? null : check.reason}>
              <span className="grid">
                <Button
                  size="lg"
                  className="min-w-0 px-3 sm:px-6"
                  onClick={submit}
                  disabled={!check.ok || save.isPending}
                  aria-describedby={check.ok ? undefined : hintId}
                >
                  {save.isPending ? (
                    <>
                      <Spinner label="Sparar…" />
                      <span aria-hidden="true">Sparar…</span>
                    </>
                  ) : (
                    'Spara resultat'
                  )}
                </Button>
              </span>
            </Tooltip>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
