import type { Team } from '@speedway/contracts';
import { Medal } from 'lucide-react';
import { TeamName } from '@/components/stats-links';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { FormChips } from './form-chips';
import { PODIUM_SIZE } from './league-table';

const MEDAL_CLASSES = ['text-amber-500', 'text-slate-400', 'text-orange-700'] as const;

/**
 * The top three as cards, each with its highlighted rank badge
 * (docs/spec/2-matches-protocols-admin.md §2). Kept low, so that on a phone the table still starts
 * near the top of the screen.
 */
export function PodiumCards({ teams }: { teams: Team[] }) {
  const top = teams.slice(0, PODIUM_SIZE);
  if (top.length === 0) return null;
  return (
    <ol aria-label="Topp tre" className="grid gap-3 md:grid-cols-3">
      {top.map((team, index) => (
        <li key={team.id}>
          <Card
            className={cn(
              'h-full gap-2.5 px-4 py-3.5',
              index === 0 && 'border-primary/50 ring-1 ring-primary/30',
            )}
          >
            <div className="flex items-center gap-3">
              <Badge className="min-w-8 justify-center text-sm tabular-nums">{team.rank}</Badge>
              <div className="min-w-0 flex-1">
                <h2 className="truncate font-bold">
                  <TeamName teamId={team.id} name={team.name} />
                </h2>
                {team.city ? (
                  <p className="truncate text-[13px] text-muted-foreground">{team.city}</p>
                ) : null}
              </div>
              <Medal className={cn('size-5 shrink-0', MEDAL_CLASSES[index])} aria-hidden="true" />
              <p className="shrink-0 text-right">
                <span className="block text-2xl leading-none font-bold tabular-nums">
                  {team.points}
                </span>
                <span className="text-[12px] text-muted-foreground">poäng</span>
              </p>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2 text-[13px] text-muted-foreground">
              <span className="tabular-nums">
                <abbr title="Vinster" className="no-underline">
                  V
                </abbr>{' '}
                <strong className="text-foreground">{team.wins}</strong> ·{' '}
                <abbr title="Oavgjorda" className="no-underline">
                  O
                </abbr>{' '}
                <strong className="text-foreground">{team.draws}</strong> ·{' '}
                <abbr title="Förluster" className="no-underline">
                  F
                </abbr>{' '}
                <strong className="text-foreground">{team.losses}</strong> ·{' '}
                <abbr title="Bonuspoäng" className="no-underline">
                  B
                </abbr>{' '}
                <strong className="text-foreground">{team.bonus_points}</strong> ·{' '}
                <span title="Heatpoäng för och emot">
                  {team.heat_points_for}–{team.heat_points_against}
                </span>
              </span>
              <FormChips form={team.form} size="sm" />
            </div>
          </Card>
        </li>
      ))}
    </ol>
  );
}
