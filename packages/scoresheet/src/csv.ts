import { SIDES, scoresheetTitle, type Scoresheet, type Side } from '@speedway/rules';
import { formatSheetDate } from './format';

// The protocol as CSV for Swedish Excel (ADR 011): UTF-8 with a byte order mark (or Excel reads
// it as Windows-1252), ';' between cells (',' is the decimal separator in Swedish), CRLF lines.

const BOM = '\uFEFF';
const SEPARATOR = ';';
const EOL = '\r\n';

/**
 * One cell: a text that a spreadsheet would read as a formula (it begins with = + - @, a tab or a
 * carriage return) gets a leading apostrophe; a cell with the separator, a quote or a line break
 * is quoted, quotes doubled. Numbers are written as they are.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function line(cells: readonly (string | number | null)[]): string {
  return cells.map(csvCell).join(SEPARATOR);
}

const SIDE_LABEL: Record<Side, string> = { home: 'Hemma', away: 'Borta' };
const STATUS_LABEL = { completed: 'Fullföljd', excluded: 'Utesluten' } as const;

/** The CSV text: match details, a row per rider and heat, and a rider totals section. */
export function scoresheetCsv(sheet: Scoresheet): string {
  const { details } = sheet;
  const rows: (string | number | null)[][] = [
    ['Matchprotokoll', scoresheetTitle(sheet)],
    ['Tävling', details.competition],
    ['Omgång', details.round],
    ['Datum', formatSheetDate(details.date)],
    ['Arena', details.venue],
    ['Domare', details.referee],
    ['Resultat', sheet.score.home_score, sheet.score.away_score],
    [],
    [
      'Heat',
      'Spår',
      'Hjälm',
      'Lag',
      'Nr',
      'Förare',
      'Ersätter nr',
      'Placering',
      'Status',
      'Poäng',
      'Bonus',
      'Heatpoäng hemma',
      'Heatpoäng borta',
      'Ställning hemma',
      'Ställning borta',
    ],
  ];
  for (const heat of sheet.heats) {
    for (const entry of heat.entries) {
      rows.push([
        heat.heat_number,
        Number(entry.gate),
        entry.helmet,
        sheet.teams[entry.team].name,
        entry.lineup_no,
        entry.name,
        entry.replaces,
        entry.status === 'completed' ? entry.position : null,
        entry.status ? STATUS_LABEL[entry.status] : null,
        entry.points,
        entry.bonus_points,
        heat.heat_score?.home ?? null,
        heat.heat_score?.away ?? null,
        heat.running_score?.home ?? null,
        heat.running_score?.away ?? null,
      ]);
    }
  }
  rows.push([], ['Lag', 'Sida', 'Nr', 'Förare', 'Poäng', 'Bonus', 'Heat körda', 'Poängrad']);
  for (const side of SIDES) {
    const team = sheet.teams[side];
    for (const rider of team.riders) {
      rows.push([
        team.name,
        SIDE_LABEL[side],
        rider.lineup_no,
        rider.name,
        rider.points,
        rider.bonus_points,
        rider.rides,
        rider.scorecard,
      ]);
    }
    rows.push([team.name, SIDE_LABEL[side], null, 'Lagets poäng', team.points, team.bonus_points]);
  }
  return BOM + rows.map(line).join(EOL) + EOL;
}
