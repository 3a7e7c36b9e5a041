import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { paginationWindow } from '../lib/pagination';

type ListPaginationProps = {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label: string;
};

/** Previous, the page window with its ellipses, next. Nothing when everything fits on one page. */
export function ListPagination({ page, pageCount, onPage, label }: ListPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-1 pt-3">
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        aria-label="Föregående sida"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <ul className="flex items-center gap-1">
        {paginationWindow(page, pageCount).map((slot) =>
          typeof slot === 'number' ? (
            <li key={slot}>
              <Button
                variant={slot === page ? 'default' : 'ghost'}
                size="sm"
                className={cn('w-9 px-0 tabular-nums', slot !== page && 'text-muted-foreground')}
                aria-label={`Sida ${slot}`}
                aria-current={slot === page ? 'page' : undefined}
                onClick={() => onPage(slot)}
              >
                {slot}
              </Button>
            </li>
          ) : (
            <li key={slot} className="flex w-6 justify-center text-muted-foreground select-none">
              …
            </li>
          ),
        )}
      </ul>
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        aria-label="Nästa sida"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
