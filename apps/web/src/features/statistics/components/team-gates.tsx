import type { TeamSeasonStats } from '@speedway/contracts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { GateTable } from './gate-table';

const VENUES = [
  ['all', 'Alla'],
  ['home', 'Hemma'],
  ['away', 'Borta'],
] as const;

/** The team's riders' starts per gate: in every match, at home and away, one at a time. */
export function TeamGates({ gates }: { gates: TeamSeasonStats['gates'] }) {
  return (
    <Tabs defaultValue="all" className="gap-3">
      <TabsList aria-label="Matcher" className="h-11">
        {VENUES.map(([value, label]) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {VENUES.map(([value, label]) => (
        <TabsContent key={value} value={value}>
          <GateTable gates={gates[value]} caption={`Per startspår, ${label.toLowerCase()}`} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
