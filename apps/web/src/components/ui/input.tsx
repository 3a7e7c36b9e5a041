import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { cn } from '@/lib/utils';

export function Input({ className, type = 'text', ref, ...props }: React.ComponentProps<'input'>) {
  const element = useRef<HTMLInputElement | null>(null);
  const setRefs = useCallback(
    (node: HTMLInputElement | null) => {
      element.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  // A field of a prerendered page can be typed in (or autofilled) before the page hydrates, and
  // React then keeps the value it rendered. Once mounted, text the field holds that its value does
  // not is handed to onChange, as if typed now.
  const adoptEarlyInput = useEffectEvent(() => {
    const input = element.current;
    const { value, onChange } = props;
    if (!input || !onChange || value == null || input.value === String(value)) return;
    onChange({ target: input, currentTarget: input } as React.ChangeEvent<HTMLInputElement>);
  });
  useEffect(() => adoptEarlyInput(), []);

  return (
    <input
      ref={setRefs}
      type={type}
      data-slot="input"
      className={cn(
        'flex h-11 w-full min-w-0 rounded-lg border border-input bg-card px-3 text-base shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
