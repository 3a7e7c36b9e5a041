import {
  messages,
  sideLabels,
  type Lane,
  type LaneChoices,
  type LaneRider,
  type Position,
  type ResultStatus,
} from '@speedway/rules';
import { ChevronDown, Lock } from 'lucide-react';
import { useId } from 'react';
import { HelmetSwatch } from '@/components/helmet-swatch';
import { cn } from '@/lib/utils';
import type { LaneEntry } from '../lib/heat-draft';

const POSITIONS: readonly Position[] = [1, 2, 3, 4];

type LaneEditorProps = {
  lane: Lane;
  rider: LaneRider | undefined;
  entry: LaneEntry;
  choices: LaneChoices;
  onRider: (riderId: string) => void;
  onPlace: (position: Position) => void;
  onStatus: (status: ResultStatus) => void;
  /** The id of the dialog's line that says why this lane's rider cannot change. */
  reasonId?: string;
};

/**
 * One lane of the heat dialog: rider choice, placement 1–4 and the status, a toggle between
 * completed (off) and excluded ('Utesl.', on). Compact, so all four lanes fit a phone screen.
 */
export function LaneEditor({
  lane,
  rider,
  entry,
  choices,
  onRider,
  onPlace,
  onStatus,
  reasonId,
}: LaneEditorProps) {
  const id = useId();
  const excluded = entry.status === 'excluded';
  return (
    <fieldset
      className={cn(
        'grid gap-2 rounded-xl border p-2.5',
        rider?.team === 'home' ? 'bg-primary/[0.04]' : 'bg-muted/40',
      )}
    >
      <legend className="sr-only">
        Spår {lane}
        {rider ? `, ${sideLabels[rider.team]}` : ''}
      </legend>
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="grid h-11 w-12 shrink-0 content-center justify-items-center rounded-lg bg-card shadow-xs"
        >
          <span className="text-base leading-none font-bold">{lane}</span>
          <span className="mt-0.5 text-[10px] leading-none text-muted-foreground">
            {rider ? sideLabels[rider.team] : ''}
          </span>
        </span>
        {rider ? <HelmetSwatch color={rider.helmet_color} /> : null}
        <label htmlFor={`${id}-rider`} className="sr-only">
          Förare spår {lane}
        </label>
        <div className="relative min-w-0 flex-1">
          <select
            id={`${id}-rider`}
            value={rider?.rider_id ?? ''}
            disabled={!choices.enabled}
            aria-describedby={reasonId}
            onChange={(event) => onRider(event.target.value)}
            className="h-11 w-full appearance-none truncate rounded-lg border border-input bg-card pr-8 pl-3 text-base font-semibold shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 disabled:border-transparent disabled:bg-transparent disabled:opacity-100 disabled:shadow-none"
          >
            {rider ? null : <option value="">Välj förare</option>}
            {choices.riders.map((choice) => (
              <option key={choice.rider_id} value={choice.rider_id}>
                {choice.lineup_no}. {choice.label}
              </option>
            ))}
          </select>
          {!choices.enabled ? (
            <Lock
              className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
          ) : (
            <ChevronDown
              className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
          )}
        </div>
      </div>
      <div
        className="grid grid-cols-[repeat(4,minmax(0,1fr))_auto] gap-1.5"
        data-tutorial="placement-buttons"
      >
        <div role="group" aria-label={`Placering spår ${lane}`} className="contents">
          {POSITIONS.map((position) => {
            const pressed = !excluded && entry.position === position;
            return (
              <button
                key={position}
                type="button"
                aria-pressed={pressed}
                aria-label={`Placering ${position}`}
                disabled={excluded}
                onClick={() => onPlace(position)}
                className={cn(
                  'h-12 rounded-lg border text-lg font-bold tabular-nums shadow-xs transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-35',
                  pressed
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-input bg-card hover:bg-muted',
                )}
              >
                {position}
              </button>
            );
          })}
        </div>
        <button
          type="button"
          aria-pressed={excluded}
          onClick={() => onStatus(excluded ? 'completed' : 'excluded')}
          className={cn(
            'h-12 rounded-lg border px-2.5 text-[13px] font-semibold shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            excluded
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-input bg-card text-muted-foreground hover:bg-muted',
          )}
        >
          {/* The short word on the button, the whole one for a screen reader ('Utesluten spår 1'). */}
          <span aria-hidden="true">{messages.excludedShort}</span>
          <span className="sr-only">Utesluten spår {lane}</span>
        </button>
      </div>
    </fieldset>
  );
}
