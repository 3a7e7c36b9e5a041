import type { Team } from '@speedway/contracts';
import { cn } from '@/lib/utils';

const FORM_LABELS = { V: 'vinst', O: 'oavgjort', F: 'förlust' } as const;
const FORM_CLASSES = {
  V: 'bg-success text-success-foreground',
  O: 'bg-muted-foreground/70 text-background',
  F: 'bg-destructive text-destructive-foreground',
} as const;

/** The last five results as V/O/F chips, oldest first and the newest last (as the server sends). */
export function FormChips({ form, size = 'md' }: { form: Team['form']; size?: 'sm' | 'md' }) {
  const last = form.slice(-5);
  if (last.length === 0) return <span className="text-muted-foreground">–</span>;
  return (
    <span
      role="img"
      className="inline-flex gap-1"
      aria-label={`Form, senaste ${last.length}: ${last.map((mark) => FORM_LABELS[mark]).join(', ')}`}
    >
      {last.map((mark, index) => (
        <span
          key={index}
          aria-hidden="true"
          className={cn(
            'inline-flex items-center justify-center rounded font-bold',
            size === 'sm' ? 'size-[1.125rem] text-[11px]' : 'size-6 text-[12px]',
            FORM_CLASSES[mark],
          )}
        >
          {mark}
        </span>
      ))}
    </span>
  );
}
