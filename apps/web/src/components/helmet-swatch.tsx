import { helmetLabels, type Helmet } from '@speedway/rules';
import { cn } from '@/lib/utils';

const HELMET_CLASSES: Record<Helmet, string> = {
  röd: 'bg-red-600 border-red-700',
  blå: 'bg-blue-600 border-blue-700',
  vit: 'bg-white border-neutral-400',
  gul: 'bg-yellow-400 border-yellow-500',
};

/** A helmet colour dot with its Swedish name for screen readers (or written out with `label`). */
export function HelmetSwatch({
  color,
  label = false,
  className,
}: {
  color: Helmet;
  label?: boolean;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <span
        aria-hidden="true"
        className={cn('inline-block size-4 shrink-0 rounded-full border-2', HELMET_CLASSES[color])}
      />
      <span className={label ? 'text-[13px] text-muted-foreground' : 'sr-only'}>
        {helmetLabels[color]}
      </span>
    </span>
  );
}
