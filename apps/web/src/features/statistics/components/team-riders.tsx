import type { RiderSeasonLineReply } from '@speedway/contracts';
import { formatAverage } from '@speedway/rules';
import { RiderName } from '@/components/stats-links';

/** The team's riders by average, counted in this team's matches only. */
export function TeamRiders({
  riders,
  team,
}: {
  riders: readonly RiderSeasonLineReply[];
  team: string;
}) {
  if (riders.length === 0) {
    return <p className="text-sm text-muted-foreground">Inga förare med heat den här säsongen.</p>;
  }
  return (
    <div className="-mx-5 overflow-x-auto px-5">
      <table className="w-full text-sm">
        <caption className="sr-only">Förarnas snitt, {team}</caption>
        <thead className="text-[12px] text-muted-foreground">
          <tr>
            <th scope="col" className="py-1.5 text-left font-medium">
              Förare
            </th>
            {/* A phone keeps what the averages are made of; the matches give way. */}
            <th scope="col" className="hidden py-1.5 pl-2 text-right font-medium sm:table-cell">
              <abbr title="Matcher" className="no-underline">
                M
              </abbr>
            </th>
            <th scope="col" className="py-1.5 pl-2 text-right font-medium">
              Heat
            </th>
            <th scope="col" className="py-1.5 pl-2 text-right font-medium">
              Poäng
            </th>
            <th scope="col" className="py-1.5 pl-2 text-right font-medium">
              Snitt
            </th>
            <th scope="col" className="py-1.5 pl-2 text-right font-medium whitespace-nowrap">
              <abbr title="Snitt inkl. bonus" className="no-underline">
                Inkl. B
              </abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {riders.map((line) => (
            <tr key={line.rider_id} className="border-t">
              <th scope="row" className="max-w-40 py-2 text-left font-normal">
                <RiderName
                  riderId={line.rider_id}
                  name={line.name}
                  className="block w-fit max-w-full truncate font-medium"
                />
              </th>
              <td className="hidden py-2 pl-2 text-right tabular-nums sm:table-cell">
                {line.matches}
              </td>
              <td className="py-2 pl-2 text-right tabular-nums">{line.heats}</td>
              <td className="py-2 pl-2 text-right tabular-nums">
                {line.points}
                {line.bonus_points > 0 ? `+${line.bonus_points}` : ''}
              </td>
              <td className="py-2 pl-2 text-right font-bold tabular-nums">
                {formatAverage(line.average)}
              </td>
              <td className="py-2 pl-2 text-right tabular-nums">
                {formatAverage(line.paid_average)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
