import { GATE_SETS, gateTeam, HELMET_BY_GATE, helmetLabels, LANES } from '@speedway/rules';
import type { GateSet, Side } from '@speedway/rules';
import { cn } from '@/lib/utils';

function gateSetLabel(set: GateSet): string {
  const [a, b] = set.split('-');
  return `Spår ${a} och ${b}`;
}

/** 'Hemma: spår 1 Röd, spår 3 Blå. Borta: spår 2 Vit, spår 4 Gul.' from the engine's mapping. */
function gateSetText(set: GateSet): string {
  const describe = (side: Side) =>
    LANES.filter((lane) => gateTeam(set, lane) === side)
      .map((lane) => `spår ${lane} ${helmetLabels[HELMET_BY_GATE[lane][side]]}`)
      .join(', ');
  return `Hemma: ${describe('home')}. Borta: ${describe('away')}.`;
}

/** Step 1 of the nomination: the home team's gates, 1 and 3 or 2 and 4. */
export function GateSetStep({
  value,
  onChange,
}: {
  value: GateSet | null;
  onChange: (set: GateSet) => void;
}) {
  return (
    <div role="radiogroup" aria-label="Startspår för hemmalaget" className="grid gap-2">
      {GATE_SETS.map((set) => (
        <button
          key={set}
          type="button"
          role="radio"
          aria-checked={value === set}
          onClick={() => onChange(set)}
          className={cn(
            'grid gap-1 rounded-xl border p-4 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            value === set ? 'border-primary bg-primary/5' : 'hover:bg-muted',
          )}
        >
          <span className="font-bold">{gateSetLabel(set)}</span>
          <span className="text-[13px] text-muted-foreground">{gateSetText(set)}</span>
        </button>
      ))}
    </div>
  );
}
