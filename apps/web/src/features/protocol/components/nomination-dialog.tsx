import type { Match, NominationsBody, TeamRider } from '@speedway/contracts';
import {
  heatOf,
  messages,
  nominationCandidates,
  sideLabels,
  type GateSet,
  type MatchState,
  type Side,
} from '@speedway/rules';
import { useState } from 'react';
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
import { Spinner } from '@/components/ui/spinner';
import { ApiError, serverMessageOr } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { StorageFullError } from '@/lib/offline/storage-full';
import { cn } from '@/lib/utils';
import { useTeamRiders } from '../api/get-team-riders';
import { nominationTags, useSaveNominations } from '../api/save-nominations';
import {
  chooseGates,
  draftFromRiders,
  gatesOf,
  nominationPayload,
  pickRider,
  STEP_SIDE,
  stepFilled,
  type NominationDraft,
  type NominationStep,
} from '../lib/nomination-draft';
import { GatePicker, type GateOption } from './gate-picker';
import { GateSetStep } from './gate-set-step';
import { SIGN_IN_TO_SAVE } from './heat-dialog';

export const SQUADS_FAILED = 'Kunde inte ladda trupper';
export const NOMINATION_FAILED = 'Kunde inte spara nomineringar';
export const nominationSavedOnDevice = (heatNumber: number) =>
  `Nominering heat ${heatNumber} sparad på enheten – skickas när nätet är tillbaka.`;

type NominationDialogProps = {
  match: Match;
  state: MatchState;
  heatNumber: number;
  onClose: () => void;
  /** Where focus goes once the dialog has closed (default: where it was before it opened). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** 'Nomineringsheat – Heat 15' in three steps: gate set, home riders, away riders. */
export function NominationDialog({
  match,
  state,
  heatNumber,
  onClose,
  onCloseAutoFocus,
}: NominationDialogProps) {
  const heat = heatOf(state, heatNumber);
  const [step, setStep] = useState<NominationStep>(1);
  const [draft, setDraft] = useState<NominationDraft>(() => draftFromRiders(heat?.riders ?? {}));
  const { user } = useAuth();
  const save = useSaveNominations();
  const squads = {
    home: useTeamRiders(match.home_team_id, match.id, true),
    away: useTeamRiders(match.away_team_id, match.id, true),
  };
  // Only a server's refusal is worth an alarm: without a network (offline, or a dead one the
  // browser still trusts) the line-up's riders are what a nomination needs, and they are shown.
  const refused = (error: Error | null) =>
    error instanceof ApiError && error.status > 0 ? error : null;
  const squadError = refused(squads.home.error) ?? refused(squads.away.error);
  const filled = stepFilled(draft, step);

  const optionsFor = (side: Side): GateOption[] => {
    const candidates = nominationCandidates(state, heatNumber, side);
    const options: GateOption[] = candidates.map((c) => ({
      rider_id: c.rider_id,
      name: c.name,
      lineup_no: c.lineup_no,
      points: c.points,
      bonus_points: c.bonus_points,
      eligible: true,
    }));
    // The rest of the squad is shown too, greyed: the engine decides who may ride.
    const inLineup = new Set(state.lineups[side].map((r) => r.rider_id));
    const others = (squads[side].data?.mains ?? []).filter(
      (r: TeamRider) => inLineup.has(r.id) && !candidates.some((c) => c.rider_id === r.id),
    );
    for (const rider of others) {
      options.push({
        rider_id: rider.id,
        name: rider.name,
        lineup_no: rider.lineup_no ?? 0,
        points: null,
        bonus_points: null,
        eligible: false,
      });
    }
    return options;
  };

  const submit = () => {
    const payload = nominationPayload(draft);
    if (!payload || save.isPending) return;
    if (!user) {
      toast.error(SIGN_IN_TO_SAVE);
      return;
    }
    const body: NominationsBody = { [`heat${heatNumber}`]: payload };
    // Judged by the engine on what the page shows (the server's heats and the unsent changes).
    const tags = nominationTags(state, body);
    if (!tags.ok) {
      toast.error(tags.message || NOMINATION_FAILED);
      return;
    }
    save.mutate(
      { userId: user.id, matchId: match.id, body, ...tags },
      {
        onSuccess: (result) => {
          if (result.status === 'sent') toast.success(`Nominering heat ${heatNumber} sparad`);
          else toast.info(nominationSavedOnDevice(heatNumber));
          onClose();
        },
        onError: (error) =>
          toast.error(
            error instanceof StorageFullError
              ? error.message
              : serverMessageOr(error, NOMINATION_FAILED),
          ),
      },
    );
  };

  const side = step === 1 ? null : STEP_SIDE[step];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        sheet
        onInteractOutside={(event) => event.preventDefault()}
        {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
      >
        <DialogHeader>
          <DialogTitle>{messages.nominationTitle(heatNumber)}</DialogTitle>
          <DialogDescription>
            {messages.nominationStep(step)} –{' '}
            {step === 1
              ? 'välj startspår för hemmalaget'
              : `välj ${sideLabels[side ?? 'home'].toLowerCase()}lagets förare`}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className={cn('grid content-start gap-3', step > 1 && 'md:grid-cols-2')}>
          {squadError ? (
            <p role="alert" className="text-sm font-medium text-destructive md:col-span-2">
              {serverMessageOr(squadError, SQUADS_FAILED)}
            </p>
          ) : null}
          {step === 1 ? (
            <GateSetStep
              value={draft.gates}
              onChange={(set) => setDraft((d) => chooseGates(d, set))}
            />
          ) : draft.gates && side ? (
            // Offline a squad never fetched stays pending (paused): the line-up's candidates then.
            squads[side].isPending &&
            squads[side].fetchStatus === 'fetching' &&
            match[side === 'home' ? 'home_team_id' : 'away_team_id'] ? (
              <Spinner className="mx-auto size-6 md:col-span-2" label="Laddar trupp…" />
            ) : (
              gatesOf(draft.gates, side).map((lane) => (
                <GatePicker
                  key={lane}
                  lane={lane}
                  side={side}
                  options={optionsFor(side)}
                  picked={draft.picks[lane]}
                  takenElsewhere={gatesOf(draft.gates as GateSet, side)
                    .filter((other) => other !== lane)
                    .map((other) => ({ lane: other, rider_id: draft.picks[other] }))}
                  onPick={(riderId) => setDraft((d) => pickRider(d, lane, riderId))}
                />
              ))
            )
          ) : null}
        </DialogBody>
        <DialogFooter>
          <div className="grid grid-cols-2 gap-2">
            {step === 1 ? (
              <Button variant="outline" size="lg" onClick={onClose}>
                Avbryt
              </Button>
            ) : (
              <Button
                variant="outline"
                size="lg"
                onClick={() => setStep((s) => (s - 1) as NominationStep)}
              >
                Tillbaka
              </Button>
            )}
            {step < 3 ? (
              <Button
                size="lg"
                disabled={!filled}
                onClick={() => setStep((s) => (s + 1) as NominationStep)}
              >
                Nästa
              </Button>
            ) : (
              <Button size="lg" disabled={!filled || save.isPending} onClick={submit}>
                {save.isPending ? <Spinner label="Sparar…" /> : null}
                Spara nominering
              </Button>
            )}
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
