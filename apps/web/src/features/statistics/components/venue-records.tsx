import type { TeamSeasonStats } from '@speedway/contracts';

type Record = TeamSeasonStats['home'];

const total = (a: Record, b: Record): Record => ({
  matches: a.matches + b.matches,
  wins: a.wins + b.wins,
  draws: a.draws + b.draws,
  losses: a.losses + b.losses,
  points_for: a.points_for + b.points_for,
  points_against: a.points_against + b.points_against,
});

const COLUMNS: [label: string, title: string, cell: (r: Record) => React.ReactNode][] = [
  ['M', 'Matcher', (r) => r.matches],
  ['V', 'Vinster', (r) => r.wins],
  ['O', 'Oavgjorda', (r) => r.draws],
  ['F', 'Förluster', (r) => r.losses],
  ['För–mot', 'Heatpoäng för och emot', (r) => `${r.points_for}–${r.points_against}`],
];

/** Home, away and together: matches, wins, draws, losses and heat points for and against. */
export function VenueRecords({ home, away }: { home: Record; away: Record }) {
  const rows: [string, Record][] = [
    ['Hemma', home],
    ['Borta', away],
    ['Totalt', total(home, away)],
  ];
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Hemma och borta</caption>
      <thead className="text-[12px] text-muted-foreground">
        <tr>
          <td />
          {COLUMNS.map(([label, title]) => (
            <th key={label} scope="col" className="py-1.5 text-right font-medium">
              <abbr title={title} className="no-underline">
                {label}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, record]) => (
          <tr key={label} className="border-t">
            <th scope="row" className="py-2 text-left font-semibold">
              {label}
            </th>
            {COLUMNS.map(([column, , cell]) => (
              <td key={column} className="py-2 text-right tabular-nums">
                {cell(record)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
