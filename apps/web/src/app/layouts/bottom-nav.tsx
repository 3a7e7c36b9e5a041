import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/utils';
import { BOTTOM_NAV, isNavItemActive } from './navigation';

/** Phones only (≤ 768 px): five slots with the Ny button raised in the middle. */
export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Snabbmeny"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-white/10 bg-chrome/95 pb-[env(safe-area-inset-bottom)] text-chrome-foreground backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-5">
        {BOTTOM_NAV.map((item) => {
          const active = isNavItemActive(item, pathname);
          const Icon = item.icon;
          const centre = item.label === 'Ny';
          return (
            <li key={item.to} className="flex">
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  // Under 360 px a slot is 64 px: 'Inställningar' fits at 9.5 px, tighter.
                  'flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 text-[10px] font-semibold tracking-tight whitespace-nowrap rounded-lg text-chrome-muted outline-none focus-visible:bg-white/10 focus-visible:ring-[3px] focus-visible:ring-ring/80 focus-visible:ring-inset max-[359px]:text-[9.5px] max-[359px]:tracking-tighter',
                  active && !centre && 'text-chrome-foreground',
                )}
              >
                {centre ? (
                  <span
                    className={cn(
                      '-mt-6 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg ring-4 ring-chrome transition-transform active:scale-95',
                      active && 'ring-primary/40',
                    )}
                  >
                    <Icon className="size-7" strokeWidth={2.5} aria-hidden="true" />
                  </span>
                ) : (
                  <Icon
                    className={cn('size-6', active && 'text-primary')}
                    strokeWidth={active ? 2.4 : 2}
                    aria-hidden="true"
                  />
                )}
                <span className={cn(centre && active && 'text-chrome-foreground')}>
                  {item.label}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
