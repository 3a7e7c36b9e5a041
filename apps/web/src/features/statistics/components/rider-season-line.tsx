import type { RiderSeasonLineReply } from '@speedway/contracts';
import { formatAverage, maximumsOf } from '@speedway/rules';
import { codesText } from '../lib/labels';

/** The season in figures, as Svemo's squad page lists them, the average first. */
export function RiderSeasonLine({ line }: { line: RiderSeasonLineReply }) {
  const items: [label: string, value: React.ReactNode, strong?: boolean][] = [
    ['Snitt', formatAverage(line.average), true],
    ['Snitt inkl. bonus', formatAverage(line.paid_average), true],
    ['Matcher', line.matches],
    ['Heat', line.heats],
    ['Poäng', line.points],
    ['Bonus', line.bonus_points],
    ['Vinster', line.wins],
    [
      'Maxar',
      <>
        {maximumsOf(line)}
        <span className="block text-[12px] font-normal text-muted-foreground">
          {line.full_maximums} fulla · {line.paid_maximums} betalda
        </span>
      </>,
    ],
    ['Uteslutningar', line.exclusions],
    ['Koder', codesText(line.codes)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
      {items.map(([label, value, strong]) => (
        <div key={label} className="min-w-0 rounded-lg bg-muted/60 px-3 py-2">
          <dt className="truncate text-[12px] text-muted-foreground">{label}</dt>
          <dd
            className={
              strong ? 'text-2xl font-bold tabular-nums' : 'text-lg font-semibold tabular-nums'
            }
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
