import { cn } from '@/lib/utils';

/** The quiet line a list shows when it has nothing (or could not load: `error`). */
export function EmptyState({
  children,
  error = false,
  className,
}: {
  children: React.ReactNode;
  error?: boolean;
  className?: string;
}) {
  return (
    <p
      role={error ? 'alert' : undefined}
      className={cn(
        'rounded-xl border border-dashed px-4 py-8 text-center text-sm',
        error ? 'border-destructive/40 text-destructive' : 'text-muted-foreground',
        className,
      )}
    >
      {children}
    </p>
  );
}
