import type { HeatDifference as HeatDiscrepancy, ScoreDiscrepancy } from '@speedway/rules';

// The Swedish texts of notifications that describe a protocol against the official result.

export type ProtocolTeams = { homeTeam: string; awayTeam: string };

export const matchName = (p: ProtocolTeams) => `${p.homeTeam} – ${p.awayTeam}`;

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} och ${items[items.length - 1]}`;
}

/** "Indianerna: 46 i ditt protokoll, 44 officiellt. Heat 3 och 7 skiljer sig." */
export function describeDifferences(
  teams: ProtocolTeams,
  discrepancies: readonly ScoreDiscrepancy[],
  heats: readonly Pick<HeatDiscrepancy, 'heat_number'>[],
): string {
  const parts = discrepancies.map((d) => {
    const team = d.type === 'home_score' ? teams.homeTeam : teams.awayTeam;
    return `${team}: ${d.user_value} i ditt protokoll, ${d.official_value} officiellt.`;
  });
  const numbers = heats.map((h) => String(h.heat_number));
  if (numbers.length === 1) parts.push(`Heat ${numbers[0]} skiljer sig.`);
  else if (numbers.length > 1) parts.push(`Heat ${list(numbers)} skiljer sig.`);
  return parts.join(' ');
}

const KICKOFF = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Stockholm',
});

/** "Indianerna – Dackarna 12 maj 19:00" (Swedish time), or without a time when none is set. */
export function fixtureLine(m: ProtocolTeams & { startsAt: Date | null }): string {
  return m.startsAt ? `${matchName(m)} ${KICKOFF.format(m.startsAt)}` : matchName(m);
}
