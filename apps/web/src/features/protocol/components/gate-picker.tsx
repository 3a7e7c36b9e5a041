import { HELMET_BY_GATE, helmetLabels, type Lane, type Side } from '@speedway/rules';
import { HelmetSwatch } from '@/components/helmet-swatch';
import { cn } from '@/lib/utils';

export type GateOption = {
  rider_id: string;
  name: string;
  lineup_no: number;
  points: number | null;
  bonus_points: number | null;
  /** A candidate by the rulebook (nominationCandidates); others are shown greyed. */
  eligible: boolean;
};

type GatePickerProps = {
  lane: Lane;
  side: Side;
  options: GateOption[];
  picked: string | undefined;
  /** The team's other gates and who is in them: a rider sits in one gate only. */
  takenElsewhere: { lane: Lane; rider_id: string | undefined }[];
  onPick: (riderId: string) => void;
};

/** One gate of the nomination: its helmet colour and the riders to choose from. */
export function GatePicker({
  lane,
  side,
  options,
  picked,
  takenElsewhere,
  onPick,
}: GatePickerProps) {
  const helmet = HELMET_BY_GATE[lane][side];
  const label = `Spår ${lane} – ${helmetLabels[helmet]}`;
  return (
    <section className="grid gap-2 rounded-xl border p-3">
      <h3 className="flex items-center gap-2 font-bold">
        <HelmetSwatch color={helmet} />
        {label}
      </h3>
      <div role="radiogroup" aria-label={label} className="grid gap-1.5">
        {options.map((option) => {
          const elsewhere = takenElsewhere.find((t) => t.rider_id === option.rider_id);
          const disabled = !option.eligible || Boolean(elsewhere);
          const checked = picked === option.rider_id;
          return (
            <button
              key={option.rider_id}
              type="button"
              role="radio"
              aria-checked={checked}
              disabled={disabled}
              onClick={() => onPick(option.rider_id)}
              className={cn(
                'flex min-h-12 items-center gap-3 rounded-lg border px-3 py-2 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50',
                checked ? 'border-primary bg-primary/5' : 'border-input hover:bg-muted',
              )}
            >
              <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-[12px] font-bold">
                {option.lineup_no}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{option.name}</span>
                <span className="block text-[12px] text-muted-foreground">
                  {elsewhere
                    ? `Vald i spår ${elsewhere.lane}`
                    : option.eligible
                      ? `${option.points ?? 0}${option.bonus_points ? `+${option.bonus_points}` : ''} poäng`
                      : 'Kan inte nomineras'}
                </span>
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  'size-5 shrink-0 rounded-full border-2',
                  checked ? 'border-primary bg-primary' : 'border-input',
                )}
              />
            </button>
          );
        })}
      </div>
    </section>
  );
}
