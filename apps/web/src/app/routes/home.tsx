import { Bell, ClipboardList, Trophy } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AnnouncementSlot } from '@/features/announcement/components/announcement-slot';
import { useFollows } from '@/features/follows/api/get-follows';
import { FollowButton } from '@/features/follows/components/follow-button';
import { NextMatchHero } from '@/features/official-matches/components/next-match-hero';
import { OfficialMatchList } from '@/features/official-matches/components/official-match-list';
import { useMatches } from '@/features/protocol/api/get-matches';
import { MyMatchesList } from '@/features/protocol/components/my-matches-list';
import { useTeams } from '@/features/teams/api/get-teams';
import { TeamCards } from '@/features/teams/components/team-cards';
import { TeamsTable } from '@/features/teams/components/teams-table';

function valueOf<T>(
  query: { data: T | undefined; isError: boolean },
  pick: (data: T) => React.ReactNode,
) {
  if (query.isError) return null;
  return query.data === undefined ? undefined : pick(query.data);
}

/** Home: the next match, three numbers about the user and the league, and four tabs. */
export function HomeRoute() {
  const follows = useFollows();
  const matches = useMatches();
  const teams = useTeams();
  const top = teams.data?.[0];
  return (
    <section className="grid grid-cols-1 gap-5">
      <h1 className="sr-only">Hem</h1>
      <AnnouncementSlot />
      <NextMatchHero actions={(match) => <FollowButton match={match} />} />

      <div
        className="grid grid-cols-3 gap-2 md:gap-4"
        aria-label="Översikt"
        role="group"
        data-tutorial="home-overview"
      >
        <StatCard
          label="Mina bevakningar"
          icon={Bell}
          value={valueOf(follows, (list) => list.length)}
        />
        <StatCard
          label="Egna matcher"
          icon={ClipboardList}
          value={valueOf(matches, (list) => list.length)}
        />
        <StatCard
          label="Topplag"
          icon={Trophy}
          value={valueOf(teams, (list) => list[0]?.short ?? list[0]?.name ?? '–')}
          hint={top ? `${top.name} · ${top.points} p` : undefined}
          hintWhileLoading
        />
      </div>

      <Tabs defaultValue="official">
        <TabsList className="h-auto min-h-12" aria-label="Listor" data-tutorial="home-lists">
          <TabsTrigger value="official" className="py-2 leading-tight">
            Officiella
          </TabsTrigger>
          <TabsTrigger value="mine" className="py-2 leading-tight">
            Mina matcher
          </TabsTrigger>
          <TabsTrigger value="table" className="py-2 leading-tight">
            Tabell
          </TabsTrigger>
          <TabsTrigger value="teams" className="py-2 leading-tight">
            Lag
          </TabsTrigger>
        </TabsList>
        <TabsContent value="official">
          <OfficialMatchList />
        </TabsContent>
        <TabsContent value="mine">
          <MyMatchesList />
        </TabsContent>
        <TabsContent value="table">
          <TeamsTable />
        </TabsContent>
        <TabsContent value="teams">
          <TeamCards />
        </TabsContent>
      </Tabs>
    </section>
  );
}
