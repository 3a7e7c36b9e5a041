import type { Team } from '@speedway/contracts';
import { cn } from '@/lib/utils';

const FORM_LABELS = { V: 'Vinst', O: 'Oavgjort', F: 'Förlust' } as const;
const FORM_CLASSES = {
  V: 'bg-success text-success-foreground',
  O: 'bg-muted-foreground/70 text-background',
  F: 'bg-destructive text-destructive-foreground',
} as const;

/** The last five results, oldest first: V, O, F. */
export function TeamForm({ form }: { form: Team['form'] }) {
  if (form.length === 0) return <span className="text-muted-foreground">–</span>;
  return (
    <span className="inline-flex gap-1" aria-label={`Form: ${form.join(' ')}`}>
      {form.map((result, index) => (
        <span
          key={index}
          title={FORM_LABELS[result]}
          aria-hidden="true"
          className={cn(
            'inline-flex size-5 items-center justify-center rounded text-[11px] font-bold',
            FORM_CLASSES[result],
          )}
        >
          {result}
        </span>
      ))}
    </span>
  );
}
