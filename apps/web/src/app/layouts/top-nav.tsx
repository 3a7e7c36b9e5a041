import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/utils';
import { isNavItemActive, TOP_NAV } from './navigation';

export function TopNav({ className }: { className?: string }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Huvudmeny" className={className}>
      <ul className="flex items-center gap-1">
        {TOP_NAV.map((item) => {
          const active = isNavItemActive(item, pathname);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'relative inline-flex h-11 items-center rounded-lg px-4 text-sm font-semibold text-chrome-muted transition-colors outline-none hover:bg-white/5 hover:text-chrome-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  active &&
                    'text-chrome-foreground after:absolute after:inset-x-4 after:-bottom-[11px] after:h-[3px] after:rounded-full after:bg-primary',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
