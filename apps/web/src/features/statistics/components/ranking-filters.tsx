import type { RiderSort, StatsTeamRef } from '@speedway/contracts';
import { useId, useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { parseMinHeats } from '../lib/ranking';
import { NativeSelect } from './native-select';

/** The sorts a phone can pick without reaching a column's header, in the list's order of worth. */
export const SORT_LABELS: Record<RiderSort, string> = {
  average: 'Snitt',
  paid_average: 'Snitt inkl. bonus',
  points: 'Poäng',
  heats: 'Heat',
  matches: 'Matcher',
  wins: 'Vinster',
  maximums: 'Maxar',
  name: 'Namn',
};

/** 'Alla lag' is no filter. */
const ALL_TEAMS = '';

/**
 * Team, minimum heats and sort. The minimum takes effect as it is typed, when it is a whole number
 * 0–200; anything else is named under the field and the list keeps the minimum it had.
 */
export function RankingFilters({
  teams,
  teamId,
  minHeats,
  sort,
  onTeam,
  onMinHeats,
  onSort,
}: {
  teams: readonly StatsTeamRef[];
  teamId: string | undefined;
  minHeats: number | undefined;
  sort: RiderSort;
  onTeam: (teamId: string | undefined) => void;
  onMinHeats: (minHeats: number | undefined) => void;
  onSort: (sort: RiderSort) => void;
}) {
  const id = useId();
  const [text, setText] = useState(minHeats === undefined ? '' : String(minHeats));
  const parsed = parseMinHeats(text);
  return (
    <>
      <div>
        <Label htmlFor={`${id}-team`} className="mb-2 block">
          Lag
        </Label>
        <NativeSelect
          id={`${id}-team`}
          value={teamId ?? ALL_TEAMS}
          onChange={(event) => onTeam(event.target.value || undefined)}
        >
          <option value={ALL_TEAMS}>Alla lag</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Field
        label="Minst antal heat"
        error={parsed.ok ? undefined : parsed.message}
        className="gap-0 [&>label]:mb-2 [&>p]:mt-2"
      >
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            const next = parseMinHeats(event.target.value);
            if (next.ok) onMinHeats(next.value);
          }}
        />
      </Field>
      <div>
        <Label htmlFor={`${id}-sort`} className="mb-2 block">
          Sortera efter
        </Label>
        <NativeSelect
          id={`${id}-sort`}
          value={sort}
          onChange={(event) => onSort(event.target.value as RiderSort)}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </>
  );
}
