import { cloneElement, useId } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

type FieldProps = {
  label: React.ReactNode;
  /** The single control; it receives the id and the ARIA links to the hint and error. */
  children: React.ReactElement<React.InputHTMLAttributes<HTMLInputElement>>;
  hint?: React.ReactNode;
  /**
   * What the form did with the input (e.g. corrected it), announced; not an error. Pass null when
   * there is none yet, so that the announcing region is in place before it is needed.
   */
  notice?: React.ReactNode;
  error?: string | undefined;
  className?: string;
};

/** A labelled form control with an optional hint and an error announced to screen readers. */
export function Field({ label, children, hint, notice, error, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const noticeId = `${id}-notice`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, notice ? noticeId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div data-slot="field" className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-[13px] text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {/* Kept while a field may have a notice (null when none), so that a screen reader hears it
          when it appears; a live region added with its text is often not read. */}
      {notice !== undefined ? (
        <p
          id={notice ? noticeId : undefined}
          role="status"
          className="text-[13px] font-medium text-foreground empty:hidden"
        >
          {notice}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
