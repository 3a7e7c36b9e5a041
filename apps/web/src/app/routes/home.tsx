import type { FetchStatus } from '@tanstack/react-query';
import { Bell, ClipboardList, Trophy } from 'lucide-react';
import { memo, useState } from 'react';
import { FittedName } from '@/components/fitted-name';
import { failedToLoad } from '@/components/kept-data';
import { StatCard } from '@/components/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AnnouncementSlot } from '@/features/announcement/components/announcement-slot';
import { useAnnouncementSettled } from '@/features/announcement/hooks/use-announcement-settled';
import { useFollows } from '@/features/follows/api/get-follows';
import { FollowButton } from '@/features/follows/components/follow-button';
import type { MatchActions } from '@/features/official-matches/components/match-slide';
import { NextMatchHero } from '@/features/official-matches/components/next-match-hero';
import { OfficialMatchList } from '@/features/official-matches/components/official-match-list';
import { useMatches } from '@/features/protocol/api/get-matches';
import { MyMatchesList } from '@/features/protocol/components/my-matches-list';
import { useTeams } from '@/features/teams/api/get-teams';
import { TeamCards } from '@/features/teams/components/team-cards';
import { TeamsTable } from '@/features/teams/components/teams-table';
import { teamShort } from '@/lib/team-names';
import { cn } from '@/lib/utils';

function valueOf<T>(
  query: { data: T | undefined; isError: boolean; fetchStatus: FetchStatus },
  pick: (data: T) => React.ReactNode,
) {
  // What the card has it keeps, however a later refetch went.
  if (query.data !== undefined) return pick(query.data);
  return failedToLoad(query) ? null : undefined;
}

/**
 * The league leader: its name where it fits, else its short name
 * (docs/spec/2-matches-protocols-admin.md §3), with the other one and its points beneath (the short
 * name under a full one; the full one under a short one where that fits, else only the points).
 */
function TopTeamCard() {
  const teams = useTeams();
  const [fits, setFits] = useState(true);
  const top = teams.data?.[0];
  const short = top ? teamShort(top.name, top.short, 'home') : '';
  return (
    <StatCard
      label="Topplag"
      icon={Trophy}
      value={valueOf(teams, () =>
        top ? <FittedName full={top.name} short={short} onFitChange={setFits} /> : '–',
      )}
      hint={
        top ? (
          fits ? (
            `${short} · ${top.points} p`
          ) : (
            <FittedName full={`${top.name} · ${top.points} p`} short={`${top.points} p`} />
          )
        ) : undefined
      }
      hintWhileLoading
    />
  );
}

/** Each card reads its own query, so an answer re-renders that card alone, not the page. */
function FollowsCard() {
  const follows = useFollows();
  return (
    <StatCard
      // A soft hyphen: on the narrowest phones the word breaks as Swedish does, 'bevak-ningar'.
      label={'Mina bevak\u00ADningar'}
      icon={Bell}
      value={valueOf(follows, (list) => list.length)}
    />
  );
}

function OwnMatchesCard() {
  const matches = useMatches();
  return (
    <StatCard
      label="Egna matcher"
      icon={ClipboardList}
      value={valueOf(matches, (list) => list.length)}
    />
  );
}

const TABS = [
  ['official', 'Officiella'],
  ['mine', 'Mina matcher'],
  ['table', 'Tabell'],
  ['teams', 'Lag'],
] as const;
const TAB_CLASS = 'flex-auto px-1 text-[13px] whitespace-nowrap sm:flex-1 sm:px-3 sm:text-sm';

const followAction: MatchActions = (match) => <FollowButton match={match} />;

/**
 * Everything below the announcement. It takes no props, so the announcement's answer (which only
 * makes it visible) does not render it again, and no query of the page re-renders the whole of it:
 * each part reads its own (every answer used to re-render the home page from the top).
 */
const HomeContent = memo(function HomeContent() {
  return (
    <>
      <NextMatchHero actions={followAction} />

      <div
        className="grid grid-cols-3 gap-2 md:gap-4"
        aria-label="Översikt"
        role="group"
        data-tutorial="home-overview"
      >
        <FollowsCard />
        <OwnMatchesCard />
        <TopTeamCard />
      </div>

      <Tabs defaultValue="official">
        {/* One row from 320 px up, each label whole: the tabs share the row by their labels'
            widths (not in equal parts, where 'Mina matcher' had to wrap), with less padding and
            13 px text on a phone. */}
        <TabsList className="flex" aria-label="Listor" data-tutorial="home-lists">
          {TABS.map(([value, label]) => (
            <TabsTrigger key={value} value={value} className={TAB_CLASS}>
              {label}
            </TabsTrigger>
          ))}
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
    </>
  );
});

/** Home: the next match, three numbers about the user and the league, and four tabs. */
export function HomeRoute() {
  // Shown with the announcement's answer, so that a banner never pushes it down.
  const settled = useAnnouncementSettled();
  return (
    <section className="grid grid-cols-1 gap-5">
      <h1 className="sr-only">Hem</h1>
      <AnnouncementSlot />
      <div
        className={cn('grid grid-cols-1 gap-5', !settled && 'invisible')}
        data-announcement-settled={settled}
      >
        <HomeContent />
      </div>
    </section>
  );
}
