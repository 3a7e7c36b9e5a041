import { ChevronDown } from 'lucide-react';
import { QUIET_HOUR_TIMES } from '../lib/settings-form';

type TimeSelectProps = Omit<React.ComponentProps<'select'>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * A time of day (docs/spec/1-app-shell-auth-account.md §5: HH:MM on a 15-minute step) as a list to
 * pick from, so nothing off the step can be chosen. A stored value off the step is still listed, to
 * be seen and corrected.
 */
export function TimeSelect({ value, onValueChange, ...props }: TimeSelectProps) {
  const times = QUIET_HOUR_TIMES.includes(value)
    ? QUIET_HOUR_TIMES
    : [...QUIET_HOUR_TIMES, value].sort();
  return (
    <div className="relative">
      <select
        {...props}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="h-11 w-full appearance-none rounded-lg border border-input bg-card pr-9 pl-3 text-base tabular-nums shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 aria-invalid:border-destructive md:text-sm"
      >
        {times.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
