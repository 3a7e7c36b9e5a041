import { createContext, use, useId, useState } from 'react';
import { cn } from '@/lib/utils';

// Tabs as Radix's (shadcn/ui's API and markup: roles, ids, aria-selected, data-state, a roving
// tab stop, arrow keys, Home and End, a tab chosen as it gets focus). Written out here since the
// home page and /auth open with them: Radix's Tabs with its collection, roving-focus group and
// presence was ~6 KiB of their JavaScript, and the presence read the styles of every panel in the
// page's first commit.

interface TabsState {
  base: string;
  value: string | undefined;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState>({ base: '', value: undefined, select: () => {} });

const triggerId = (base: string, value: string) => `${base}-trigger-${value}`;
const contentId = (base: string, value: string) => `${base}-content-${value}`;

type TabsProps = Omit<React.ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, className, ...props }: TabsProps) {
  const base = useId();
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ base, value: current, select }}>
      <div
        data-slot="tabs"
        data-orientation="horizontal"
        className={cn('flex flex-col gap-5', className)}
        {...props}
      />
    </TabsContext>
  );
}

/** The keys that move between tabs, as the WAI-ARIA tabs pattern: round the row, to its ends. */
function nextTab(tabs: HTMLElement[], from: number, key: string): HTMLElement | undefined {
  if (key === 'ArrowRight') return tabs[(from + 1) % tabs.length];
  if (key === 'ArrowLeft') return tabs[(from - 1 + tabs.length) % tabs.length];
  if (key === 'Home') return tabs[0];
  if (key === 'End') return tabs[tabs.length - 1];
  return undefined;
}

export function TabsList({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      data-orientation="horizontal"
      className={cn('grid h-12 grid-flow-col auto-cols-fr rounded-xl bg-muted p-1', className)}
      {...props}
    />
  );
}

/** Moves the focus from this tab as the key says; focus chooses the tab (TabsTrigger's onFocus). */
function moveFocus(event: React.KeyboardEvent<HTMLButtonElement>): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const list = event.currentTarget.closest('[role="tablist"]');
  if (!list) return;
  const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])')];
  const to = nextTab(tabs, tabs.indexOf(event.currentTarget), event.key);
  if (!to) return;
  event.preventDefault();
  to.focus();
}

export function TabsTrigger({
  value,
  className,
  disabled,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...props
}: React.ComponentProps<'button'> & { value: string }) {
  const { base, value: current, select } = use(TabsContext);
  const selected = value === current;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(base, value)}
      aria-selected={selected}
      aria-controls={contentId(base, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      // One tab stop for the row: the chosen tab; the arrows move within it.
      tabIndex={selected ? 0 : -1}
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex h-full items-center justify-center rounded-lg px-3 text-sm font-semibold text-muted-foreground transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:bg-input',
        className,
      )}
      // Chosen as the press starts (as Radix does), not when it ends: a tap answers at once.
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (!disabled && event.button === 0 && !event.ctrlKey) select(value);
        else if (event.ctrlKey) event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented) return;
        if (event.key === 'Enter' || event.key === ' ') select(value);
        else moveFocus(event);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!disabled) select(value);
      }}
      {...props}
    />
  );
}

/** The chosen tab's panel; the others stay in the page empty and hidden, as with Radix. */
export function TabsContent({
  value,
  className,
  children,
  ...props
}: React.ComponentProps<'div'> & { value: string }) {
  const { base, value: current } = use(TabsContext);
  const selected = value === current;
  return (
    <div
      role="tabpanel"
      id={contentId(base, value)}
      aria-labelledby={triggerId(base, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!selected}
      tabIndex={0}
      data-slot="tabs-content"
      className={cn('outline-none', className)}
      {...props}
    >
      {selected && children}
    </div>
  );
}
