import { cn } from '@/lib/utils';

type OtpInputProps = Omit<React.ComponentProps<'input'>, 'value' | 'onChange' | 'maxLength'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Called once the last digit is in: the code submits itself. */
  onComplete?: (code: string) => void;
  length?: number;
};

/**
 * One field for a numeric one-time code. Anything but digits is dropped (so a pasted "123 456"
 * works) and reaching the full length hands the code to onComplete.
 */
export function OtpInput({
  value,
  onValueChange,
  onComplete,
  length = 6,
  className,
  ...props
}: OtpInputProps) {
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      spellCheck={false}
      data-slot="otp-input"
      value={value}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '').slice(0, length);
        onValueChange(digits);
        if (digits.length === length && digits !== value) onComplete?.(digits);
      }}
      className={cn(
        'h-14 w-full rounded-lg border border-input bg-card px-3 text-center font-mono text-2xl font-semibold tracking-[0.5em] shadow-xs outline-none placeholder:tracking-[0.5em] placeholder:text-muted-foreground/50 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 read-only:opacity-70 aria-invalid:border-destructive',
        className,
      )}
      placeholder={'•'.repeat(length)}
      {...props}
    />
  );
}
