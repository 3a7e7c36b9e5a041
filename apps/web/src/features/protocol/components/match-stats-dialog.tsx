import type { Match } from '@speedway/contracts';
import { matchStats, SIDES, sideLabels, type MatchState } from '@speedway/rules';
import { RiderName } from '@/components/stats-links';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { TeamShorts } from '../lib/match-state';

/** 'Match-statistik': every rider's line, and per team points, bonus, heat wins and 5–1s. */
export function MatchStatsDialog({
  match,
  state,
  shorts,
  onClose,
}: {
  match: Match;
  state: MatchState;
  shorts: TeamShorts;
  onClose: () => void;
}) {
  const stats = matchStats(state);
  const names = { home: match.home_team, away: match.away_team };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent sheet>
        <DialogHeader>
          <DialogTitle>Match-statistik</DialogTitle>
          <DialogDescription>
            {shorts.home} {stats.score.home_score}–{stats.score.away_score} {shorts.away}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="grid gap-5">
          <table className="w-full text-sm">
            <caption className="sr-only">Lagstatistik</caption>
            <thead className="text-[12px] text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 text-left font-medium">
                  Lag
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Poäng
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Bonus
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Heatvinster
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  5–1
                </th>
              </tr>
            </thead>
            <tbody>
              {SIDES.map((side) => {
                const team = stats.teams[side];
                return (
                  <tr key={side} className="border-t">
                    <th scope="row" className="py-2 text-left font-semibold">
                      {shorts[side]}
                    </th>
                    <td className="py-2 text-right font-bold tabular-nums">{team.points}</td>
                    <td className="py-2 text-right tabular-nums">{team.bonus_points}</td>
                    <td className="py-2 text-right tabular-nums">{team.heats_won}</td>
                    <td className="py-2 text-right tabular-nums">{team.five_one}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {SIDES.map((side) => (
            <section key={side} className="grid gap-1.5">
              <h3 className="font-bold">
                {names[side]}{' '}
                <span className="font-normal text-muted-foreground">{sideLabels[side]}</span>
              </h3>
              <ol className="divide-y rounded-xl border">
                {stats.riders
                  .filter((line) => line.team === side)
                  .map((line) => (
                    <li key={line.rider_id} className="flex items-center gap-3 px-3 py-2 text-sm">
                      <span className="w-5 shrink-0 text-muted-foreground tabular-nums">
                        {line.lineup_no}
                      </span>
                      <span className="min-w-0 flex-1 truncate">
                        <RiderName riderId={line.rider_id} name={line.name} />
                      </span>
                      <span className="shrink-0 font-mono text-[12px] text-muted-foreground">
                        ({line.marks.join(',') || '-'})
                      </span>
                      <span className="w-12 shrink-0 text-right font-bold tabular-nums">
                        {line.score_text}
                      </span>
                    </li>
                  ))}
              </ol>
            </section>
          ))}
          <p className="text-[12px] text-muted-foreground">* bonuspoäng i heatet · X utesluten</p>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
