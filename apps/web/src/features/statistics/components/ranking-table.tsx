import type { RiderSeasonLineReply, RiderSort } from '@speedway/contracts';
import { formatAverage, maximumsOf } from '@speedway/rules';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { RiderName, TeamName } from '@/components/stats-links';
import { cn } from '@/lib/utils';

type Column = {
  sort: RiderSort | null;
  /** Shown in the header: short, so that a phone sees more figures at once. */
  label: string;
  /** What the label stands for: read to a screen reader and shown on hover. */
  title: string;
  cell: (line: RiderSeasonLineReply) => React.ReactNode;
  strong?: boolean;
};

/**
 * Ranking columns after the rider: the average first (what the list is about, and all a phone
 * shows beside the name before it scrolls), then what it is made of (P ÷ H; with B the paid
 * average), then the rest.
 */
export const RANKING_COLUMNS: Column[] = [
  {
    sort: 'average',
    label: 'Snitt',
    title: 'Snitt',
    cell: (l) => formatAverage(l.average),
    strong: true,
  },
  { sort: 'heats', label: 'H', title: 'Heat', cell: (l) => l.heats },
  { sort: 'points', label: 'P', title: 'Poäng', cell: (l) => l.points },
  { sort: null, label: 'B', title: 'Bonus', cell: (l) => l.bonus_points },
  {
    sort: 'paid_average',
    label: 'Inkl. B',
    title: 'Snitt inkl. bonus',
    cell: (l) => formatAverage(l.paid_average),
  },
  { sort: 'matches', label: 'M', title: 'Matcher', cell: (l) => l.matches },
  { sort: 'wins', label: 'V', title: 'Vinster', cell: (l) => l.wins },
  {
    sort: 'maximums',
    label: 'Max',
    title: 'Maxar',
    cell: maximumsOf,
  },
];

/** The server's one direction per sort: names A–Ö, every figure highest first. */
const ascending = (sort: RiderSort) => sort === 'name';

function SortButton({
  sort,
  active,
  onSort,
  align,
  children,
}: {
  sort: RiderSort;
  active: boolean;
  onSort: (sort: RiderSort) => void;
  align: 'left' | 'center';
  children: React.ReactNode;
}) {
  const Arrow = ascending(sort) ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => onSort(sort)}
      className={cn(
        'inline-flex min-h-11 w-full items-center gap-0.5 rounded-md px-1 font-medium outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        align === 'center' ? 'justify-center' : 'justify-start',
        active && 'font-bold text-foreground',
      )}
    >
      {children}
      <Arrow
        className={cn('size-3.5 shrink-0', active ? 'opacity-100' : 'opacity-0')}
        aria-hidden="true"
      />
    </button>
  );
}

/**
 * The season's riders as ranked: rank, rider (with the teams he rode for), then the figures.
 * Every header but Bonus sorts, in the one direction the server sorts by. On a phone the rider's
 * column stays put while the figures scroll beside it.
 */
export function RankingTable({
  lines,
  sort,
  onSort,
  caption,
}: {
  lines: readonly RiderSeasonLineReply[];
  sort: RiderSort;
  onSort: (sort: RiderSort) => void;
  caption: string;
}) {
  const ariaSort = (own: RiderSort | null) =>
    own === sort ? (ascending(own) ? 'ascending' : 'descending') : undefined;
  return (
    // Its sort buttons and links take the focus, and scroll the figures a phone hides into view.
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        {/* Opaque: the rider's header stays put over the figures scrolling under it. */}
        <thead className="bg-muted text-[12px] text-muted-foreground sm:text-[13px]">
          <tr>
            <th scope="col" className="w-9 py-1 pl-2 text-center font-medium sm:pl-3">
              <abbr title="Placering" className="no-underline">
                #
              </abbr>
            </th>
            <th
              scope="col"
              aria-sort={ariaSort('name')}
              className="sticky left-0 z-10 min-w-36 bg-muted px-1 py-1 text-left sm:min-w-56 sm:px-2"
            >
              <SortButton sort="name" active={sort === 'name'} onSort={onSort} align="left">
                Förare
              </SortButton>
            </th>
            {RANKING_COLUMNS.map((column) => (
              <th
                key={column.title}
                scope="col"
                aria-sort={ariaSort(column.sort)}
                className="min-w-11 px-0.5 py-1 text-center font-medium whitespace-nowrap sm:min-w-14 sm:px-1"
              >
                {column.sort ? (
                  <SortButton
                    sort={column.sort}
                    active={column.sort === sort}
                    onSort={onSort}
                    align="center"
                  >
                    <span aria-hidden="true">{column.label}</span>
                    <span className="sr-only">{column.title}</span>
                  </SortButton>
                ) : (
                  <abbr title={column.title} className="no-underline">
                    {column.label}
                  </abbr>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={line.rider_id} className="border-t">
              <td className="py-2.5 pl-2 text-center text-muted-foreground tabular-nums sm:pl-3">
                {index + 1}
              </td>
              <th
                scope="row"
                className="sticky left-0 z-10 max-w-44 bg-card px-2 py-1 text-left font-normal sm:max-w-none sm:px-3"
              >
                {/* Each link a line of 24 px at least: two targets above each other in a row. */}
                <RiderName
                  riderId={line.rider_id}
                  name={line.name}
                  className="block min-h-6 w-fit max-w-full truncate py-0.5 leading-5 font-semibold"
                />
                <span className="block truncate text-[12px] text-muted-foreground">
                  {line.teams.map((team, i) => (
                    <span key={team.id}>
                      {i > 0 ? ', ' : null}
                      <TeamName
                        teamId={team.id}
                        name={team.name}
                        className="inline-block min-h-6 leading-6"
                      />
                    </span>
                  ))}
                </span>
              </th>
              {RANKING_COLUMNS.map((column) => (
                <td
                  key={column.title}
                  className={cn(
                    'px-0.5 py-2.5 text-center tabular-nums sm:px-1',
                    (column.strong || column.sort === sort) && 'font-bold',
                  )}
                >
                  {column.cell(line)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
