import { MapPin, Users } from 'lucide-react';
import { TeamName } from '@/components/stats-links';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/empty-state';
import { failedToLoad, LoadFailed } from '@/components/kept-data';
import { Skeleton } from '@/components/ui/skeleton';
import { useTeams } from '../api/get-teams';
import { TeamForm } from './team-form';

/** The teams tab: every team with its city, arena, standing and squad size. */
export function TeamCards() {
  const teams = useTeams();
  if (teams.data === undefined) {
    if (!failedToLoad(teams)) return <Skeleton className="h-64 w-full rounded-xl" />;
    return <LoadFailed query={teams}>Kunde inte ladda lagen.</LoadFailed>;
  }
  if (teams.data.length === 0) return <EmptyState>Inga lag att visa.</EmptyState>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {teams.data.map((team) => (
        <li key={team.id}>
          <Card className="h-full gap-2 px-4 py-4">
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold">
                <TeamName teamId={team.id} name={team.name} />
              </h3>
              {team.short ? (
                <span className="rounded bg-muted px-1.5 py-0.5 text-[12px] font-bold">
                  {team.short}
                </span>
              ) : null}
            </div>
            {team.city || team.arena ? (
              <p className="flex items-center gap-1.5 text-[13px] text-muted-foreground">
                <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
                {[team.city, team.arena].filter(Boolean).join(' · ')}
              </p>
            ) : null}
            <div className="mt-auto flex items-center justify-between gap-2 pt-1 text-[13px]">
              <span className="tabular-nums">
                {team.matches_played} matcher · <strong>{team.points} p</strong>
              </span>
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <Users className="size-3.5" aria-hidden="true" />
                {team.riders.length} förare
              </span>
            </div>
            <TeamForm form={team.form} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
