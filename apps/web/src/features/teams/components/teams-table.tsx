import { TeamName } from '@/components/stats-links';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/empty-state';
import { failedToLoad, LoadFailed } from '@/components/kept-data';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useTeams } from '../api/get-teams';
import { TeamForm } from './team-form';

/** The home page's compact league table, read from the teams call (the full /tabell comes later). */
export function TeamsTable() {
  const teams = useTeams();
  if (teams.data === undefined) {
    if (!failedToLoad(teams)) return <Skeleton className="h-64 w-full rounded-xl" />;
    return <LoadFailed query={teams}>Kunde inte ladda tabellen.</LoadFailed>;
  }
  if (teams.data.length === 0) return <EmptyState>Ingen data ännu.</EmptyState>;
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">Tabell Elitserien</caption>
        <thead className="bg-muted/60 text-left text-[13px] text-muted-foreground">
          <tr>
            <th scope="col" className="w-10 px-3 py-2.5 text-center">
              #
            </th>
            <th scope="col" className="px-2 py-2.5">
              Lag
            </th>
            <th scope="col" className="px-2 py-2.5 text-center" title="Matcher">
              M
            </th>
            <th scope="col" className="hidden px-2 py-2.5 text-center sm:table-cell">
              V-O-F
            </th>
            {/* With the bonus a row adds up: P = 2 × V + O + B. */}
            <th
              scope="col"
              className="hidden px-2 py-2.5 text-center sm:table-cell"
              title="Bonuspoäng"
            >
              B
            </th>
            <th scope="col" className="px-2 py-2.5 text-center" title="Heatpoängsskillnad">
              +/-
            </th>
            <th scope="col" className="hidden px-2 py-2.5 md:table-cell">
              Form
            </th>
            <th scope="col" className="px-3 py-2.5 text-right">
              P
            </th>
          </tr>
        </thead>
        <tbody>
          {teams.data.map((team) => (
            <tr key={team.id} className="border-t">
              <td className="px-3 py-2.5 text-center">
                <Badge
                  variant={team.rank <= 3 ? 'default' : 'secondary'}
                  className="min-w-7 justify-center"
                >
                  {team.rank}
                </Badge>
              </td>
              <th scope="row" className="px-2 py-2.5 text-left font-semibold">
                <TeamName teamId={team.id} name={team.name} />
                {team.city ? (
                  <span className="block text-[12px] font-normal text-muted-foreground">
                    {team.city}
                  </span>
                ) : null}
              </th>
              <td className="px-2 py-2.5 text-center tabular-nums">{team.matches_played}</td>
              <td className="hidden px-2 py-2.5 text-center tabular-nums sm:table-cell">
                {team.wins}-{team.draws}-{team.losses}
              </td>
              <td className="hidden px-2 py-2.5 text-center tabular-nums sm:table-cell">
                {team.bonus_points}
              </td>
              <td
                className={cn(
                  'px-2 py-2.5 text-center tabular-nums',
                  team.heat_point_difference < 0 && 'text-destructive',
                )}
              >
                {team.heat_point_difference > 0 ? '+' : ''}
                {team.heat_point_difference}
              </td>
              <td className="hidden px-2 py-2.5 md:table-cell">
                <TeamForm form={team.form} />
              </td>
              <td className="px-3 py-2.5 text-right font-bold tabular-nums">{team.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
