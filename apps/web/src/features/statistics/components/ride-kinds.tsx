import type { RiderStats } from '@speedway/contracts';
import { pointsLabel } from '@/lib/format';
import { KIND_LABELS } from '../lib/labels';

/** Heats and points by why he rode: as programmed, as a reserve, as a tactical reserve, nominated. */
export function RideKinds({ kinds }: { kinds: RiderStats['kinds'] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Heat per typ av start</caption>
      <thead className="text-[12px] text-muted-foreground">
        <tr>
          <th scope="col" className="py-1.5 text-left font-medium">
            Typ
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Heat
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Poäng
          </th>
        </tr>
      </thead>
      <tbody>
        {kinds.map((line) => (
          <tr key={line.kind} className="border-t">
            <th scope="row" className="py-2 text-left font-semibold">
              {KIND_LABELS[line.kind]}
            </th>
            <td className="py-2 text-right tabular-nums">{line.heats}</td>
            <td className="py-2 text-right font-bold tabular-nums">
              {pointsLabel(line.points, line.bonus_points)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
