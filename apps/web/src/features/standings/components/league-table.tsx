import type { Team } from '@speedway/contracts';
import { TeamName } from '@/components/stats-links';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { FormChips } from './form-chips';

/** The top three get the highlighted badge (docs/spec/2-matches-protocols-admin.md §2). */
export const PODIUM_SIZE = 3;

function signed(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : '0';
}

type Column = {
  key: string;
  label: string;
  title: string;
  /** Shown from the sm breakpoint only: a phone keeps rank, team, M, V, O, F, +/−, B and P. */
  wide?: boolean;
  cell: (team: Team) => React.ReactNode;
  className?: string;
};

const COLUMNS: Column[] = [
  { key: 'played', label: 'M', title: 'Matcher', cell: (t) => t.matches_played },
  { key: 'wins', label: 'V', title: 'Vinster', cell: (t) => t.wins },
  { key: 'draws', label: 'O', title: 'Oavgjorda', cell: (t) => t.draws },
  { key: 'losses', label: 'F', title: 'Förluster', cell: (t) => t.losses },
  { key: 'for', label: '+', title: 'Heatpoäng för', wide: true, cell: (t) => t.heat_points_for },
  {
    key: 'against',
    label: '−',
    title: 'Heatpoäng emot',
    wide: true,
    cell: (t) => t.heat_points_against,
  },
  {
    key: 'difference',
    label: '+/−',
    title: 'Heatpoängsskillnad',
    cell: (t) => signed(t.heat_point_difference),
    className: 'whitespace-nowrap',
  },
  // Without it a row does not add up: P = 2 × V + O + B.
  { key: 'bonus', label: 'B', title: 'Bonuspoäng', cell: (t) => t.bonus_points },
];

/**
 * Every team with rank, matches, wins, draws, losses, heat points for and against, bonus points,
 * points and form. On a phone the heat points for/against columns and the form column give way; the form
 * moves under the team's name in small chips.
 */
export function LeagueTable({ teams }: { teams: Team[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card" data-tutorial="team-table">
      <table className="w-full text-sm">
        <caption className="sr-only">Tabell Elitserien</caption>
        <thead className="bg-muted/60 text-[12px] text-muted-foreground sm:text-[13px]">
          <tr>
            <th
              scope="col"
              className="w-9 py-2.5 pr-1 pl-2 text-center font-medium sm:w-12 sm:pl-3"
            >
              <abbr title="Placering" className="no-underline">
                #
              </abbr>
            </th>
            {/* The team takes what the numbers leave; a long name is cut rather than the table. */}
            <th scope="col" className="w-full px-1.5 py-2.5 text-left font-medium sm:px-2">
              Lag
            </th>
            {COLUMNS.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn(
                  // Narrow on a phone: eight figures share the row with the team's name.
                  'min-w-6 px-0.5 py-2.5 text-center font-medium sm:min-w-11 sm:px-2 lg:min-w-16',
                  column.wide && 'hidden sm:table-cell',
                )}
              >
                <abbr title={column.title} className="no-underline">
                  {column.label}
                </abbr>
              </th>
            ))}
            <th
              scope="col"
              className="min-w-8 py-2.5 pr-3 pl-1 text-center font-medium sm:min-w-11 sm:px-2 lg:min-w-16"
            >
              <abbr title="Poäng" className="no-underline">
                P
              </abbr>
            </th>
            <th
              scope="col"
              className="hidden min-w-40 px-3 py-2.5 text-left font-medium md:table-cell"
            >
              Form
            </th>
          </tr>
        </thead>
        <tbody>
          {teams.map((team) => {
            const podium = team.rank <= PODIUM_SIZE;
            return (
              <tr key={team.id} className={cn('border-t', podium && 'bg-primary/5')}>
                <td className="py-2.5 pr-1 pl-2 text-center sm:pl-3">
                  <Badge
                    variant={podium ? 'default' : 'secondary'}
                    className="min-w-7 justify-center px-1.5 tabular-nums"
                  >
                    {team.rank}
                  </Badge>
                </td>
                <th scope="row" className="max-w-0 px-1.5 py-2.5 text-left font-semibold sm:px-2">
                  <TeamName
                    teamId={team.id}
                    name={team.name}
                    className="block w-fit max-w-full truncate"
                  />
                  {team.city ? (
                    <span className="hidden truncate text-[12px] font-normal text-muted-foreground sm:block">
                      {team.city}
                    </span>
                  ) : null}
                  <span className="mt-1 block md:hidden">
                    <FormChips form={team.form} size="sm" />
                  </span>
                </th>
                {COLUMNS.map((column) => (
                  <td
                    key={column.key}
                    className={cn(
                      'px-0.5 py-2.5 text-center tabular-nums sm:px-2',
                      column.wide && 'hidden sm:table-cell',
                      column.key === 'difference' &&
                        team.heat_point_difference < 0 &&
                        'text-destructive',
                      column.className,
                    )}
                  >
                    {column.cell(team)}
                  </td>
                ))}
                <td className="py-2.5 pr-3 pl-1 text-center text-base font-bold tabular-nums sm:px-2">
                  {team.points}
                </td>
                <td className="hidden px-3 py-2.5 md:table-cell">
                  <FormChips form={team.form} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
