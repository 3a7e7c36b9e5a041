import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { useState } from 'react';
import { cn } from '@/lib/utils';

type TooltipProps = {
  /** Nothing shows while it is empty. */
  content: React.ReactNode;
  children: React.ReactElement;
  side?: 'top' | 'bottom' | 'left' | 'right';
};

/**
 * A hover and focus hint. Disabled buttons get no pointer events, so callers wrap them in a
 * focusable span; phones have no hover, so anything a tooltip says is also written out nearby.
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  // Always controlled: `open={content ? undefined : false}` switched Radix between uncontrolled
  // and controlled whenever a hint came or went, which React warns about.
  const [open, setOpen] = useState(false);
  // A hint that went away is closed, so it does not open by itself when it comes back.
  if (!content && open) setOpen(false);
  // The same tree with or without content, so the trigger is not remounted when a hint comes
  // and goes (a focused button would lose focus).
  return (
    <TooltipPrimitive.Provider delayDuration={200}>
      <TooltipPrimitive.Root open={content ? open : false} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            className={cn(
              'z-[60] max-w-72 rounded-lg bg-foreground px-3 py-2 text-[13px] text-background shadow-md',
            )}
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-foreground" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
