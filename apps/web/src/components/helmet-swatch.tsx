import { helmetLabels, type Helmet } from '@speedway/rules';
import { cn } from '@/lib/utils';

const HELMET_CLASSES: Record<Helmet, string> = {
  röd: 'bg-red-600 border-red-700 text-white',
  blå: 'bg-blue-600 border-blue-700 text-white',
  vit: 'bg-white border-neutral-400 text-neutral-900',
  gul: 'bg-yellow-400 border-yellow-500 text-neutral-900',
};

/**
 * A helmet colour dot with its Swedish name for screen readers (or written out with `label`).
 * The dot carries the name's first letter (R, B, V, G), so colour is never the only sign.
 */
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
        className={cn(
          'inline-grid size-5 shrink-0 place-items-center rounded-full border-2 text-[10px] leading-none font-extrabold',
          HELMET_CLASSES[color],
        )}
      >
        {helmetLabels[color].charAt(0).toUpperCase()}
      </span>
      <span className={label ? 'text-[13px] text-muted-foreground' : 'sr-only'}>
        {helmetLabels[color]}
      </span>
    </span>
  );
}
