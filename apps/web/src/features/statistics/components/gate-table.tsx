import type { RiderStats } from '@speedway/contracts';
import { formatAverage } from '@speedway/rules';

type GateLine = RiderStats['gates'][number];

/** Starts, wins and points from each gate (1–4), with points per start. */
export function GateTable({ gates, caption }: { gates: readonly GateLine[]; caption: string }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-[12px] text-muted-foreground">
        <tr>
          <th scope="col" className="py-1.5 text-left font-medium">
            Spår
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Starter
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Vinster
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Poäng
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Poäng/start
          </th>
        </tr>
      </thead>
      <tbody>
        {[...gates]
          .sort((a, b) => a.gate - b.gate)
          .map((line) => (
            <tr key={line.gate} className="border-t">
              <th scope="row" className="py-2 text-left font-semibold">
                Spår {line.gate}
              </th>
              <td className="py-2 text-right tabular-nums">{line.starts}</td>
              <td className="py-2 text-right tabular-nums">{line.wins}</td>
              <td className="py-2 text-right tabular-nums">{line.points}</td>
              <td className="py-2 text-right font-bold tabular-nums">
                {line.starts > 0 ? formatAverage(line.points_per_start) : '–'}
              </td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
